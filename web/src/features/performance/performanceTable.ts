import type { PerformanceRecord } from '@portal/contracts';
import { dealerLocation } from './metrics';

/** The Performance Data table's sortable columns. */
export type PerformanceColumn = 'dealer' | 'location' | 'revenue' | 'orders' | 'items' | 'average';

export interface PerformanceSort {
  column: PerformanceColumn;
  ascending: boolean;
}

/** As the server answers: best revenue first. */
export const DEFAULT_PERFORMANCE_SORT: PerformanceSort = { column: 'revenue', ascending: false };

const TEXT_COLUMNS: ReadonlySet<PerformanceColumn> = new Set(['dealer', 'location']);

/** A header click: the same column flips; another column starts A→Z for text, highest first for figures. */
export function nextPerformanceSort(current: PerformanceSort, column: PerformanceColumn): PerformanceSort {
  if (current.column === column) return { column, ascending: !current.ascending };
  return { column, ascending: TEXT_COLUMNS.has(column) };
}

function figure(record: PerformanceRecord, column: PerformanceColumn): number {
  if (column === 'orders') return record.total_orders;
  if (column === 'items') return record.total_items;
  if (column === 'average') return record.avg_order_value;
  return record.total_revenue;
}

function compare(a: PerformanceRecord, b: PerformanceRecord, column: PerformanceColumn): number {
  if (column === 'dealer') return a.dealer_name.localeCompare(b.dealer_name, 'en', { sensitivity: 'base' });
  if (column === 'location') {
    return dealerLocation(a).localeCompare(dealerLocation(b), 'en', { sensitivity: 'base' });
  }
  return figure(a, column) - figure(b, column);
}

/** A sorted copy; ties keep the dealer name order so the list never jumps between renders. */
export function sortPerformance(records: readonly PerformanceRecord[], sort: PerformanceSort): PerformanceRecord[] {
  const direction = sort.ascending ? 1 : -1;
  return [...records].sort(
    (a, b) =>
      direction * compare(a, b, sort.column) ||
      a.dealer_name.localeCompare(b.dealer_name, 'en', { sensitivity: 'base' }) ||
      a.dealer_id.localeCompare(b.dealer_id),
  );
}

/** Case-insensitive search over the dealer's name, business name, id, city and state. */
export function searchPerformance(records: readonly PerformanceRecord[], search: string): readonly PerformanceRecord[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return records;
  return records.filter((record) =>
    [record.dealer_name, record.business_name, record.dealer_id, record.dealer_city, record.dealer_state].some(
      (field) => field?.toLowerCase().includes(needle),
    ),
  );
}
