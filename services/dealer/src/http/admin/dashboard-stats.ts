import type { DealerHandler } from '../../context';

/** GET /api/admin/dashboard-stats — active dealers, total and per state (the state map). */
export const dashboardStats: DealerHandler<'admin.dashboardStats'> = async (_input, ctx) => {
  const rows: { state: string | null; count: number }[] = await ctx.db.query(
    `SELECT state, count(*)::int AS count FROM dealers WHERE status = 'active' GROUP BY state`,
  );
  const byState: Record<string, number> = {};
  let total = 0;
  for (const { state, count } of rows) {
    total += count;
    if (state) byState[state] = count;
  }
  return {
    success: true as const,
    dealer_counts: { total, by_state: byState },
    // Orders live in the order service; the orders release completes these counts. Until then: zeros.
    order_stats: { pending_orders: 0, recent_orders: 0 },
  };
};
