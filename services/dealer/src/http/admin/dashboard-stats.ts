import type { DealerHandler } from '../../context';
import { dashboardStats as readDashboardStats } from '../../use-cases/dashboard-stats';

/** GET /api/admin/dashboard-stats — active dealers, total and per state (the state map). */
export const dashboardStats: DealerHandler<'admin.dashboardStats'> = async (_input, ctx) => ({
  success: true as const,
  ...(await readDashboardStats(ctx)),
});
