import type { MailMessage } from '@portal/platform';
import type { IdentityContext } from '../../context';
import {
  adminEmails,
  claimNotification,
  recordNotificationMessageId,
} from '../../data/notifications/sent-notifications';
import { reportClaimed } from '../../data/reports/report-claims';
import { readNotificationSettings, readSystemConfiguration } from '../../data/settings';
import { adminNoticeRecipients } from '../../domain/notifications/recipients';
import { dailyReportMail, performanceSummaryMail } from '../../domain/reports/report-mail';
import { type DueReport, dueReports } from '../../domain/reports/report-schedule';
import { sendProductMail } from '../mail/product-mail';

/** What became of one due report in a round. */
export type ReportOutcome =
  | 'sent'
  /** claimed with notification mail turned off in the Email Settings */
  | 'notifications_off'
  /** sent already today (or this week), by this replica or another */
  | 'already_sent'
  /** nobody to send it to: the setting or email notifications are off */
  | 'off'
  /** the figures or the mail failed: tried again next round */
  | 'failed';

const SWITCH = { daily_report: 'notify_daily_reports', performance_summary: 'notify_performance_updates' } as const;

/**
 * One round of the report scheduler: sends each report due at the dependencies' clock that nobody sent yet
 * (see domain/reports/report-schedule). Each report is claimed in the transaction that mails it, so two
 * replicas in the same round send it once; a failure (a service that does not answer, the mail) is logged
 * and the report is tried again next round. Answers what became of each due report.
 */
export async function runDueReports(ctx: IdentityContext): Promise<{ report: DueReport; outcome: ReportOutcome }[]> {
  const manager = ctx.db.manager;
  const [system, settings] = await Promise.all([readSystemConfiguration(manager), readNotificationSettings(manager)]);
  const timeZone = system.system_timezone;
  const outcomes: { report: DueReport; outcome: ReportOutcome }[] = [];
  for (const report of dueReports(ctx.deps.clock(), timeZone, settings.daily_report_time)) {
    const to = adminNoticeRecipients(settings, SWITCH[report.kind], await adminEmails(manager));
    let outcome: ReportOutcome;
    if (!to.length) outcome = 'off';
    else if (await reportClaimed(manager, report)) outcome = 'already_sent';
    else outcome = await sendReport(ctx, report, to, timeZone);
    outcomes.push({ report, outcome });
  }
  return outcomes;
}

async function sendReport(
  ctx: IdentityContext,
  report: DueReport,
  to: string[],
  timeZone: string,
): Promise<ReportOutcome> {
  const log = { kind: report.kind, key: report.key };
  const sources = ctx.deps.reportSources;
  if (!sources) {
    ctx.logger.warn(log, 'a report is due but ORDER_URL, DEALER_URL or INCENTIVE_URL is not configured: not sent');
    return 'failed';
  }
  try {
    let mail: MailMessage;
    if (report.kind === 'daily_report') {
      const { orders, dealers } = await sources.dailyFigures(report.period);
      mail = dailyReportMail(to, report.label, timeZone, orders, dealers);
    } else {
      const { top, achievements } = await sources.weeklyFigures(report.period);
      mail = performanceSummaryMail(to, report.label, top, achievements);
    }
    return await ctx.transaction(async (manager) => {
      if (!(await claimNotification(manager, report, to))) return 'already_sent';
      const sent = await sendProductMail(ctx, mail, 'notification', manager);
      if (!sent.sent) {
        ctx.logger.info(log, 'email notifications are turned off; report not sent');
        return 'notifications_off';
      }
      await recordNotificationMessageId(manager, report, sent.messageId);
      ctx.logger.info({ ...log, messageId: sent.messageId }, 'report sent');
      return 'sent';
    });
  } catch (err) {
    ctx.logger.warn({ ...log, err: (err as Error).message }, 'report not sent: tried again next round');
    return 'failed';
  }
}

/** How often the scheduler looks for due reports: a report goes out within this long of its minute. */
export const REPORT_ROUND_MS = 30_000;

export interface ReportScheduler {
  start(ctx: IdentityContext): void;
  stop(): Promise<void>;
}

/**
 * Runs `runDueReports` every REPORT_ROUND_MS (and once at start, so a replica that comes up after the report
 * time sends at once). The timer does not keep the process alive; a round never overlaps the previous one;
 * stop() waits for a round in progress.
 */
export function reportScheduler(intervalMs = REPORT_ROUND_MS): ReportScheduler {
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  return {
    start(ctx) {
      if (!ctx.deps.reportSources)
        ctx.logger.warn(
          'ORDER_URL, DEALER_URL or INCENTIVE_URL is not set: daily reports and weekly summaries are not sent',
        );
      const tick = () => {
        if (round || !ctx.db.isInitialized) return;
        round = runDueReports(ctx)
          .then(() => undefined)
          .catch((err: unknown) => {
            if (ctx.db.isInitialized) ctx.logger.warn({ err: (err as Error).message }, 'report round failed');
          })
          .finally(() => {
            round = undefined;
          });
      };
      timer = setInterval(tick, intervalMs);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await round;
    },
  };
}
