import { reportEndpoints } from '@portal/contracts';
import { internalRoute } from '@portal/platform';
import type { DealerConfig } from '../../config';
import type { DealerDeps } from '../../context';
import { dealerReportFigures } from '../../use-cases/report-figures';

/** POST /internal/reports/dealers — identity's daily report asks for a period's dealer figures (admin token). */
export const dealerReportRoute = internalRoute<
  (typeof reportEndpoints)['internal.dealerReport'],
  DealerConfig,
  DealerDeps
>(reportEndpoints['internal.dealerReport'], ({ body }, ctx) => dealerReportFigures(ctx, body));
