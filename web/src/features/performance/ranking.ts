import type { PerformanceMetric, PerformanceRecord } from '@portal/contracts';
import { metricValue } from './metrics';

/**
 * How many dealers the card shows (spec 000 §9: top performers limit 4). The same number as the contract's
 * TOP_PERFORMERS_DEFAULT_LIMIT (a unit test holds them equal), written here so that the dashboard's chunk does
 * not load the contract's schemas (zod) for one number.
 */
export const BEST_PERFORMERS_LIMIT = 4;

export interface RankedPerformer {
  /** 1 for the best; dealers with the same figure share a rank (1, 1, 3) */
  rank: number;
  record: PerformanceRecord;
  value: number;
}

/**
 * The Best performers card's cards: at most `limit` dealers (the spec's 4), best first by the metric, dealers
 * at 0 left out. The server already answers them so; ranking here again keeps the card right whatever order
 * a reply arrives in and gives tied dealers the same rank.
 */
export function rankPerformers(
  records: readonly PerformanceRecord[],
  metric: PerformanceMetric,
  limit: number = BEST_PERFORMERS_LIMIT,
): RankedPerformer[] {
  const sorted = records
    .map((record) => ({ record, value: metricValue(record, metric) }))
    .filter((entry) => entry.value > 0)
    .sort((a, b) => b.value - a.value || a.record.dealer_name.localeCompare(b.record.dealer_name))
    .slice(0, Math.max(0, limit));
  const ranked: RankedPerformer[] = [];
  sorted.forEach((entry, index) => {
    const previous = ranked[index - 1];
    const rank = previous && previous.value === entry.value ? previous.rank : index + 1;
    ranked.push({ rank, record: entry.record, value: entry.value });
  });
  return ranked;
}
