import { ACHIEVEMENTS_IN_REPORT, type ReportPeriod } from '@portal/contracts';
import type { IncentiveContext } from '../context';
import { readReportAchievements } from '../data/report-achievements';

/** The tiers dealers reached in a period, for identity's weekly performance summary. */
export function achievementsOfPeriod(ctx: IncentiveContext, period: ReportPeriod) {
  return readReportAchievements(ctx.db.manager, period, ACHIEVEMENTS_IN_REPORT);
}
