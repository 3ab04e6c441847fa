import type { DealerPerformanceQuery, PerformanceMetric, PerformanceRecord } from '@portal/contracts';
import type { IncentiveContext } from '../context';
import { bestDealerFigures, performancePage } from '../data/figures';
import { performanceRecord } from '../domain/performance';

/** The best active dealers by `metric`, best first; dealers at 0 are left out. */
export async function bestPerformers(
  ctx: IncentiveContext,
  metric: PerformanceMetric,
  limit: number,
): Promise<PerformanceRecord[]> {
  return (await bestDealerFigures(ctx.db.manager, metric, limit)).map(performanceRecord);
}

/**
 * Every active dealer's figures — by revenue, highest first, unless sorted otherwise — searched and filtered by
 * state; one page of them when the query asks for one.
 */
export async function dealerPerformancePage(ctx: IncentiveContext, query: DealerPerformanceQuery) {
  const { limit, cursor, sort, q, state } = query;
  const { rows, page } = await performancePage(
    ctx.db.manager,
    { limit, cursor, sort },
    { search: q ? q : null, states: state?.length ? state : null },
  );
  return { records: rows.map(performanceRecord), page };
}
