import type { Dealer } from '@portal/contracts';
import { type KeyboardEvent, type UIEvent, useEffect, useId, useMemo, useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { FieldError } from '../../ui/FormField';
import { useDebounced } from '../../ui/useDebounced';
import { type ChosenDealer, chosenDealer, dealerPickerQuery } from './dealerChoice';
import { useGetDealerPickerPagesInfiniteQuery } from './dealersApi';
import './dealer-picker.css';

interface DealerPickerProps {
  label: string;
  value: ChosenDealer | null;
  onChange: (dealer: ChosenDealer | null) => void;
  /** e.g. "All dealers": the first option, which chooses no dealer (a filter); absent, a dealer stays chosen */
  anyLabel?: string;
  required?: boolean;
  className?: string;
  /** what is wrong with the choice, shown under the picker */
  error?: string;
}

interface Choice {
  key: string;
  label: string;
  dealer: ChosenDealer | null;
}

const dealersOf = (page: { dealers: Dealer[] }) => page.dealers;
/** How close (px) to the end of the list a scroll asks for the next page. */
const END_SLACK_PX = 48;
/** How close (options) to the end of the list the keyboard asks for the next page. */
const END_SLACK_OPTIONS = 5;

/**
 * A searchable dealer picker (a combobox with a listbox, ARIA 1.2): typing asks dealers-list for the matching
 * active dealers (debounced, 50 at a time, more as the list is scrolled), never the whole list. Arrow keys move
 * through the options, Enter chooses, Escape closes; focus stays in the input. Used by the New Order modal and
 * the Orders tab's Dealer filter.
 */
export function DealerPicker({ label, value, onChange, anyLabel, required, className, error }: DealerPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${listId}-${index}`;
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // closed, the input shows the chosen dealer (also one chosen or cleared from outside)
  useEffect(() => {
    if (!open) setText(value?.label ?? '');
  }, [value, open]);

  const typed = useDebounced(text);
  // keyed by the chosen dealer's label, not the object: a filter read again from the address is a new object on
  // every render, and a new query would reset the active option between an arrow key and Enter
  const chosenLabel = value?.label ?? null;
  // a choice shows its label at once: the list's query follows it at once too, not a debounce later (the late
  // change of query would reset the active option between the next arrow key and Enter)
  const searched = text.trim() === chosenLabel ? chosenLabel : typed;
  const query = useMemo(() => dealerPickerQuery(searched, chosenLabel), [searched, chosenLabel]);
  const result = useGetDealerPickerPagesInfiniteQuery({ query }, { skip: !open });
  const { rows, loading, loadingMore, hasMore, loadMore } = usePagedRows(result, dealersOf);
  const choices = useMemo<Choice[]>(() => {
    const dealers = rows
      .filter((dealer) => !dealer.archived)
      .map((dealer): Choice => {
        const chosen = chosenDealer(dealer);
        return { key: chosen.dealer_id, label: chosen.label, dealer: chosen };
      });
    return anyLabel ? [{ key: '', label: anyLabel, dealer: null }, ...dealers] : dealers;
  }, [rows, anyLabel]);

  // a new list starts with no option active
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is what makes the list new
  useEffect(() => setActive(-1), [query]);
  // the active option is kept in view; nearing the end of the loaded options asks for more
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${listId}-${active}`)?.scrollIntoView({ block: 'nearest' });
    if (active >= choices.length - END_SLACK_OPTIONS) loadMore();
  }, [active, choices.length, listId, loadMore]);

  const choose = (choice: Choice) => {
    onChange(choice.dealer);
    setText(choice.dealer?.label ?? '');
    setOpen(false);
    setActive(-1);
  };

  const close = () => {
    // a filter whose text was erased chooses no dealer
    if (anyLabel && text.trim() === '' && value) onChange(null);
    setOpen(false);
    setActive(-1);
  };

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((index) => Math.min(index + 1, choices.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (open) setActive((index) => Math.max(index - 1, 0));
        break;
      case 'Enter': {
        const choice = open ? choices[active] : undefined;
        if (choice) {
          event.preventDefault();
          choose(choice);
        }
        break;
      }
      case 'Escape':
        if (open) {
          // closes the list, not the dialog around it
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  }

  const onListScroll = (event: UIEvent<HTMLDivElement>) => {
    const list = event.currentTarget;
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - END_SLACK_PX) loadMore();
  };

  const note = loading
    ? 'Loading dealers…'
    : choices.length === (anyLabel ? 1 : 0)
      ? 'No dealers match.'
      : loadingMore
        ? 'Loading more dealers…'
        : hasMore
          ? 'Scroll for more dealers'
          : undefined;

  return (
    <div className={['field dealer-picker', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <div className="dealer-picker__box">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          placeholder={anyLabel ?? 'Type to search dealers'}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <div className="dealer-picker__popup" hidden={!open}>
          <div
            id={listId}
            role="listbox"
            aria-label={label}
            className="dealer-picker__list"
            onScroll={onListScroll}
            // a press on an option keeps the focus in the input (its blur would close the list first)
            onMouseDown={(event) => event.preventDefault()}
          >
            {open &&
              choices.map((choice, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard chooses through the input (aria-activedescendant)
                <div
                  key={choice.key}
                  id={optionId(index)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={(choice.dealer?.dealer_id ?? null) === (value?.dealer_id ?? null)}
                  className={
                    index === active ? 'dealer-picker__option dealer-picker__option--active' : 'dealer-picker__option'
                  }
                  onClick={() => choose(choice)}
                >
                  {choice.label}
                </div>
              ))}
          </div>
          {note && (
            <p className="dealer-picker__note" role="status">
              {note}
            </p>
          )}
        </div>
      </div>
      <FieldError id={id} error={error} />
    </div>
  );
}
