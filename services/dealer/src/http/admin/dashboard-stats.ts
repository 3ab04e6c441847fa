import { succeeded } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import { countActiveDealers } from '../../use-cases/dashboard-stats';

/** GET /api/admin/dashboard-stats — active dealers, total and per state (the state map). */
export const dashboardStats: DealerHandler<'admin.dashboardStats'> = async (_input, ctx) =>
  succeeded(await countActiveDealers(ctx));
