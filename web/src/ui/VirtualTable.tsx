import {
  type AriaAttributes,
  type Key,
  type ReactNode,
  type RefObject,
  type UIEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { visibleRange } from './visibleRange';
import './virtual-table.css';

export interface VirtualColumn<T> {
  id: string;
  header: ReactNode;
  cell: (item: T) => ReactNode;
  /** e.g. hides a column on phones */
  className?: string;
  /** the identifying column: it stays in view while a table wider than the screen scrolls sideways */
  sticky?: boolean;
  /** for a sortable column: whether the rows are ordered by it (see SortableHeader) */
  ariaSort?: AriaAttributes['aria-sort'];
}

interface VirtualTableProps<T> {
  label: string;
  items: readonly T[];
  columns: readonly VirtualColumn<T>[];
  rowKey: (item: T) => Key;
  /** every row has this height (px): it is what lets the table render only the visible rows */
  rowHeight: number;
  /** the height of the scroll container (px) */
  viewportHeight: number;
  /** rows rendered above and below the visible ones, so fast scrolling shows no blank band */
  overscan?: number;
  onRowClick?: (item: T) => void;
  rowClassName?: (item: T) => string | undefined;
  /** shown in place of the rows when there are none */
  empty: ReactNode;
  /** the rows are on their way: shown in place of `empty`, so an unloaded list never reads as an empty one */
  loading?: ReactNode;
  /** called when the rows in view reach the end of `items` (a paged list then asks for its next page) */
  onEndReached?: () => void;
  /** the list's filters, sort and search, in any form: when it changes the table scrolls back to its top */
  scrollKey?: string;
}

/**
 * A windowed table: a real <table> (headers, rows, screen-reader semantics) of which only the rows in view are
 * in the DOM; spacer rows above and below keep the scroll height of the whole list.
 */
export function VirtualTable<T>({
  label,
  items,
  columns,
  rowKey,
  rowHeight,
  viewportHeight,
  overscan = 8,
  onRowClick,
  rowClassName,
  empty,
  loading,
  onEndReached,
  scrollKey,
}: VirtualTableProps<T>) {
  const [scrollTop, setScrollTop] = useState(0);
  const container = useRef<HTMLDivElement>(null);
  // a new filter is a new list: it is read from its first row, not from where the previous one was scrolled to
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrollKey is the trigger, not read
  useEffect(() => {
    if (container.current) container.current.scrollTop = 0;
    setScrollTop(0);
  }, [scrollKey]);
  // when the list shrinks under a scrolled table (a filter), the browser clamps the scroll without a scroll
  // event: the rows in view are those of the clamped position, never an empty band past the end
  const reachable = Math.min(scrollTop, Math.max(0, items.length * rowHeight - viewportHeight));
  const { first, last } = visibleRange(reachable, viewportHeight, rowHeight, items.length, overscan);
  const nearEnd = items.length > 0 && last >= items.length - overscan;
  useEffect(() => {
    if (nearEnd) onEndReached?.();
  }, [nearEnd, onEndReached]);
  const onScroll = (event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop);
  useFocusKeptAcrossRemount(container, label);
  const overflowX = useSidewaysOverflow(container);
  const hintId = useId();

  return (
    <>
      {/* a table wider than the screen says that it scrolls sideways (with a shadow at the edge, in the CSS too) */}
      {overflowX && (
        <p className="virtual-table__hint" id={hintId}>
          Scroll sideways for more columns
        </p>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: the scrolling box is a named region; a <div> keeps its ref and CSS */}
      <div
        ref={container}
        // a scrolling box: named, and reachable with Tab so the arrow keys scroll it
        role="region"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
        tabIndex={0}
        className={overflowX ? 'virtual-table virtual-table--overflow-x scroll-x' : 'virtual-table'}
        style={{ maxHeight: viewportHeight }}
        onScroll={onScroll}
      >
        <table aria-label={label} aria-rowcount={items.length + 1} aria-describedby={overflowX ? hintId : undefined}>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" className={cellClass(column)} aria-sort={column.ariaSort}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="virtual-table__empty" aria-busy={loading ? true : undefined}>
                  {loading ?? empty}
                </td>
              </tr>
            )}
            {first > 0 && <tr className="virtual-table__spacer" style={{ height: first * rowHeight }} />}
            {items.slice(first, last).map((item, offset) => (
              <tr
                key={rowKey(item)}
                data-row-key={rowKey(item)}
                aria-rowindex={first + offset + 2}
                style={{ height: rowHeight }}
                className={[onRowClick ? 'virtual-table__row--clickable' : '', rowClassName?.(item) ?? '']
                  .filter(Boolean)
                  .join(' ')}
                onClick={onRowClick ? () => onRowClick(item) : undefined}
              >
                {columns.map((column) => (
                  <td key={column.id} className={cellClass(column)}>
                    {column.cell(item)}
                  </td>
                ))}
              </tr>
            ))}
            {last < items.length && (
              <tr className="virtual-table__spacer" style={{ height: (items.length - last) * rowHeight }} />
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled])';

/** where the focus was when a table went away, by the table's label: the row's key and which control of the row */
const focusOfGoneTable = new Map<string, { rowKey: string; control: number }>();

/**
 * A row that opens a screen in place of its table (a dealer's detail) takes the focus back when the table returns
 * (Back), so a keyboard user is where they left the list rather than at the top of the page.
 */
function useFocusKeptAcrossRemount(container: RefObject<HTMLDivElement | null>, label: string): void {
  useLayoutEffect(() => {
    const box = container.current;
    const kept = focusOfGoneTable.get(label);
    focusOfGoneTable.delete(label);
    if (box && kept) {
      const row = box.querySelector(`tr[data-row-key="${CSS.escape(kept.rowKey)}"]`);
      row?.querySelectorAll<HTMLElement>(FOCUSABLE)[kept.control]?.focus();
    }
    return () => {
      const focused = document.activeElement;
      const row = focused?.closest('tr[data-row-key]');
      const rowKey = row?.getAttribute('data-row-key');
      if (!box || !row || !focused || rowKey == null || !box.contains(row)) return;
      const control = Array.from(row.querySelectorAll(FOCUSABLE)).indexOf(focused);
      if (control >= 0) focusOfGoneTable.set(label, { rowKey, control });
    };
  }, [container, label]);
}

function cellClass(column: Pick<VirtualColumn<never>, 'className' | 'sticky'>): string | undefined {
  return column.sticky ? [column.className, 'virtual-table__sticky'].filter(Boolean).join(' ') : column.className;
}

/** Whether the table is wider than its box (a phone): measured again whenever the box or the table resizes. */
function useSidewaysOverflow(container: RefObject<HTMLDivElement | null>): boolean {
  const [overflow, setOverflow] = useState(false);
  useEffect(() => {
    const box = container.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setOverflow(box.scrollWidth > box.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    const table = box.querySelector('table');
    if (table) observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, [container]);
  return overflow;
}
