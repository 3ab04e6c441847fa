import type { ReactNode } from 'react';
import { ariaSortOf, type ColumnSort } from './columnSort';
import type { VirtualColumn } from './VirtualTable';
import './sortable-header.css';

interface SortableHeaderProps<Column extends string> {
  label: string;
  column: Column;
  sort: ColumnSort<Column>;
  onSort: (column: Column) => void;
}

/** A column header that sorts the table by its column when pressed; the arrow shows the current direction. */
function SortableHeader<Column extends string>({ label, column, sort, onSort }: SortableHeaderProps<Column>) {
  const active = sort.column === column;
  const arrow = active ? (sort.ascending ? '▲' : '▼') : '';
  // the state stays in the name as well: aria-sort is not announced by every reader when the button has focus
  const state = active ? (sort.ascending ? ', sorted ascending' : ', sorted descending') : '';
  return (
    <button
      type="button"
      className="sort-header"
      aria-label={`Sort by ${label}${state}`}
      onClick={() => onSort(column)}
    >
      {label} <span aria-hidden="true">{arrow}</span>
    </button>
  );
}

/** A sortable column of a table: what it sorts by, its header text, and e.g. a class that hides it on phones. */
export interface SortableColumnHead<Column extends string> {
  column: Column;
  label: string;
  className?: string;
}

/**
 * A VirtualTable column whose header sorts by it: the header button, and aria-sort on the header cell so the
 * table's current order is announced.
 */
export function sortableColumn<T, Column extends string>(
  { column, label, className }: SortableColumnHead<Column>,
  sort: ColumnSort<Column>,
  onSort: (column: Column) => void,
  cell: (item: T) => ReactNode,
): VirtualColumn<T> {
  return {
    id: column,
    className,
    ariaSort: ariaSortOf(sort, column),
    header: <SortableHeader label={label} column={column} sort={sort} onSort={onSort} />,
    cell,
  };
}
