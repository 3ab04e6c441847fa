import type { PerformanceMetric, PerformanceRecord } from '@portal/contracts';
import type { IncentiveContext } from '../context';
import { type BuiltAnswer, topPerformers as bestDealerFigures, dealerPerformanceJson } from '../data/figures';
import { performanceRecord } from '../domain/performance';

/** The best active dealers by `metric`, best first; dealers at 0 are left out. */
export async function topPerformers(
  ctx: IncentiveContext,
  metric: PerformanceMetric,
  limit: number,
): Promise<PerformanceRecord[]> {
  return (await bestDealerFigures(ctx.db.manager, metric, limit)).map(performanceRecord);
}

/**
 * Every active dealer's figures, by revenue, as the JSON answer PostgreSQL renders (10,000 dealers stay fast:
 * no per-row work in Node, and unchanged figures are answered from the last rendering).
 */
export function dealerPerformance(ctx: IncentiveContext): Promise<BuiltAnswer> {
  return dealerPerformanceJson(ctx.db);
}
