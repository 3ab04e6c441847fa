import type { PerformanceMetric, PerformanceRecord } from '@portal/contracts';
import { formatWholeDollars } from '../../format/money';

/** The Best performers card's metric select (spec 000 §2), in its order. */
export const METRIC_OPTIONS: readonly { value: PerformanceMetric; label: string }[] = [
  { value: 'revenue', label: 'By Revenue' },
  { value: 'orders', label: 'By Orders' },
  { value: 'items', label: 'By Items Sold' },
];

/** A metric as a column or tier names it. */
export const METRIC_NAMES: Record<PerformanceMetric, string> = {
  revenue: 'Revenue',
  orders: 'Orders',
  items: 'Items Sold',
};

/** A dealer's figure for a metric: US dollars for revenue, a count otherwise. */
export function metricValue(record: PerformanceRecord, metric: PerformanceMetric): number {
  if (metric === 'orders') return record.total_orders;
  if (metric === 'items') return record.total_items;
  return record.total_revenue;
}

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "$12,346" for revenue (USD without decimals, spec 000 §9), "1,204" for a count. */
export function formatMetricValue(metric: PerformanceMetric, value: number): string {
  return metric === 'revenue' ? formatWholeDollars(value) : count.format(value);
}

/**
 * A tier's threshold as the tier table shows it: revenue in dollars (whole dollars unless the threshold has
 * cents, which a rounded figure would misstate), a count otherwise.
 */
export function formatThreshold(metric: PerformanceMetric, value: number): string {
  if (metric === 'revenue' && !Number.isInteger(value)) {
    return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  }
  return formatMetricValue(metric, value);
}

/** "Missoula, MT", or whichever part is known, or an empty text. */
export function dealerLocation(record: { dealer_city: string | null; dealer_state: string | null }): string {
  return [record.dealer_city, record.dealer_state].filter((part) => part?.trim()).join(', ');
}

/** "1 order", "12 orders" (with thousands separators). */
export function plural(amount: number, word: string): string {
  return `${count.format(amount)} ${word}${amount === 1 ? '' : 's'}`;
}
