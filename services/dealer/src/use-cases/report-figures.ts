import type { ReportPeriod } from '@portal/contracts';
import type { DealerContext } from '../context';
import { readDealerReportFigures } from '../data/report-figures';

/** A period's new dealers and applications and the applicants waiting now, for identity's daily report. */
export function dealerReportFigures(ctx: DealerContext, period: ReportPeriod) {
  return readDealerReportFigures(ctx.db.manager, period);
}
