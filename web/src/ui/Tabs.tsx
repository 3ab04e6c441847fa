import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import './tabs.css';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  /** the tab's address: the tab is then a link (open in a new tab, copy link); a plain click still calls onChange */
  href?: string;
}

interface TabsProps<T extends string> {
  tabs: readonly TabItem<T>[];
  active: T;
  /** `byArrow`: chosen with the arrow keys, Home or End (focus stays on the tabs) rather than a click or Enter */
  onChange: (id: T, how: { byArrow: boolean }) => void;
  /** names the tab list for screen readers */
  label: string;
  /** ties each tab to its panel (`TabPanel` with the same prefix) */
  idPrefix: string;
  variant?: 'main' | 'sub';
}

export function tabElementIds(idPrefix: string, id: string): { tab: string; panel: string } {
  return { tab: `${idPrefix}-tab-${id}`, panel: `${idPrefix}-panel-${id}` };
}

/** An ARIA tab list: arrow keys, Home and End move between tabs and select them. */
export function Tabs<T extends string>({ tabs, active, onChange, label, idPrefix, variant = 'main' }: TabsProps<T>) {
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === active);
    const next = nextIndex(event.key, index, tabs.length);
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id, { byArrow: true });
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabElementIds(idPrefix, tab.id).tab)}`)?.focus();
  }

  return (
    <div ref={list} role="tablist" aria-label={label} className={`tabs tabs--${variant}`} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const ids = tabElementIds(idPrefix, tab.id);
        const selected = tab.id === active;
        if (tab.href) {
          return (
            <a
              key={tab.id}
              href={tab.href}
              role="tab"
              id={ids.tab}
              aria-selected={selected}
              aria-controls={ids.panel}
              tabIndex={selected ? 0 : -1}
              className="tabs__tab"
              onClick={(event) => {
                // ctrl/meta/shift/middle click: the browser opens the address (a new tab or window)
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                onChange(tab.id, { byArrow: false });
              }}
            >
              {tab.label}
            </a>
          );
        }
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onChange(tab.id, { byArrow: false })}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({ idPrefix, tabId, children }: { idPrefix: string; tabId: string; children: ReactNode }) {
  const ids = tabElementIds(idPrefix, tabId);
  return (
    <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} className="tab-panel">
      {children}
    </div>
  );
}

function nextIndex(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}
