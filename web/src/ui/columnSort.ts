import type { AriaAttributes } from 'react';

/** Which column a sortable table is ordered by, and which way. */
export interface ColumnSort<Column extends string> {
  column: Column;
  ascending: boolean;
}

/** The header cell's aria-sort: screen readers announce it on the column header, not on the button inside. */
export function ariaSortOf<Column extends string>(
  sort: ColumnSort<Column>,
  column: Column,
): NonNullable<AriaAttributes['aria-sort']> {
  if (sort.column !== column) return 'none';
  return sort.ascending ? 'ascending' : 'descending';
}
