import type { DashboardStats } from '@portal/contracts';
import type { DealerContext } from '../context';
import { activeDealersPerState } from '../data/dashboard-stats';
import { orderCounts } from '../data/known-orders';

/**
 * Active dealers, total and per state (the state map), and the order counts of the orders this service heard
 * of (order.created / order.updated): pending now, and created in the current calendar month of the system timezone.
 */
export async function countActiveDealers(ctx: DealerContext, now = new Date()): Promise<DashboardStats> {
  const byState: Record<string, number> = {};
  let total = 0;
  for (const { state, count } of await activeDealersPerState(ctx.db.manager)) {
    total += count;
    if (state) byState[state] = count;
  }
  const order_stats = await orderCounts(ctx.db.manager, now);
  return { dealer_counts: { total, by_state: byState }, order_stats };
}
