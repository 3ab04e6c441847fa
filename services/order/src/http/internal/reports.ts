import { reportEndpoints } from '@portal/contracts';
import { type BaseConfig, internalRoute } from '@portal/platform';
import type { OrderDeps } from '../../context';
import { orderReportFigures, topDealersOfPeriod } from '../../use-cases/reports';

/** POST /internal/reports/orders — identity's daily report asks for a period's order figures (admin token). */
export const orderReportRoute = internalRoute<(typeof reportEndpoints)['internal.orderReport'], BaseConfig, OrderDeps>(
  reportEndpoints['internal.orderReport'],
  ({ body }, ctx) => orderReportFigures(ctx, body),
);

/** POST /internal/reports/top-dealers — identity's weekly summary asks for the best dealers of a week. */
export const topDealersRoute = internalRoute<(typeof reportEndpoints)['internal.topDealers'], BaseConfig, OrderDeps>(
  reportEndpoints['internal.topDealers'],
  async ({ body }, ctx) => ({ dealers: await topDealersOfPeriod(ctx, body) }),
);
