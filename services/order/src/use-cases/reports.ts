import { type ReportPeriod, TOP_DEALERS_IN_REPORT } from '@portal/contracts';
import type { OrderContext } from '../context';
import { readOrderReportFigures, readTopDealers } from '../data/report-figures';

/** The orders, revenue and payments of a period and the orders pending now, for identity's daily report. */
export function orderReportFigures(ctx: OrderContext, period: ReportPeriod) {
  return readOrderReportFigures(ctx.db.manager, period);
}

/** The best dealers of a period by revenue, for identity's weekly performance summary. */
export function topDealersOfPeriod(ctx: OrderContext, period: ReportPeriod) {
  return readTopDealers(ctx.db.manager, period, TOP_DEALERS_IN_REPORT);
}
