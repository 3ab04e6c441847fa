import { reportEndpoints } from '@portal/contracts';
import { type BaseConfig, internalRoute } from '@portal/platform';
import { achievementsOfPeriod } from '../../use-cases/report-achievements';

/** POST /internal/reports/achievements — identity's weekly summary asks for a week's achievements (admin token). */
export const achievementsReportRoute = internalRoute<
  (typeof reportEndpoints)['internal.achievementsReport'],
  BaseConfig
>(reportEndpoints['internal.achievementsReport'], ({ body }, ctx) => achievementsOfPeriod(ctx, body));
