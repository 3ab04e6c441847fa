import type { DashboardStats } from '@portal/contracts';
import type { DealerContext } from '../context';
import { activeDealersPerState } from '../data/dashboard-stats';

/** Active dealers, total and per state (the state map). */
export async function dashboardStats(ctx: DealerContext): Promise<DashboardStats> {
  const byState: Record<string, number> = {};
  let total = 0;
  for (const { state, count } of await activeDealersPerState(ctx.db.manager)) {
    total += count;
    if (state) byState[state] = count;
  }
  // Orders live in the order service; the orders release completes these counts. Until then: zeros.
  return { dealer_counts: { total, by_state: byState }, order_stats: { pending_orders: 0, recent_orders: 0 } };
}
