import type { DealerPerformanceSort } from '@portal/contracts';

/** The Performance Data table's sortable columns: those the server orders by (location is not one). */
export type PerformanceColumn = 'dealer' | 'revenue' | 'orders' | 'items' | 'average';

export interface PerformanceSort {
  column: PerformanceColumn;
  ascending: boolean;
}

/** As the server answers: best revenue first. */
export const DEFAULT_PERFORMANCE_SORT: PerformanceSort = { column: 'revenue', ascending: false };

const TEXT_COLUMNS: ReadonlySet<PerformanceColumn> = new Set(['dealer']);

const SORT_PARAM = {
  dealer: 'business_name',
  revenue: 'total_revenue',
  orders: 'total_orders',
  items: 'total_items',
  average: 'avg_order_value',
} as const satisfies Record<PerformanceColumn, DealerPerformanceSort>;

/** A header click: the same column flips; another column starts A→Z for text, highest first for figures. */
export function nextPerformanceSort(current: PerformanceSort, column: PerformanceColumn): PerformanceSort {
  if (current.column === column) return { column, ascending: !current.ascending };
  return { column, ascending: TEXT_COLUMNS.has(column) };
}

/**
 * The dealer-performance query of the table's search (the text as it settled) and sort: the server searches the
 * dealer's business and contact name and id, and sorts (ties by dealer, so the list never jumps).
 */
export function performanceQuery(search: string, sort: PerformanceSort) {
  const column = SORT_PARAM[sort.column];
  return { q: search.trim(), sort: (sort.ascending ? column : `-${column}`) as `-${DealerPerformanceSort}` };
}
