import type { SystemErrorReport } from '@portal/contracts';
import {
  describeMailError,
  formatDayAndTimeIn,
  HttpError,
  type SystemErrorSink,
  systemErrorReporter,
} from '@portal/platform';
import type { IdentityContext } from '../../context';
import { readSystemConfiguration } from '../../data/settings';
import { systemErrorKey, systemErrorNotice } from '../../domain/notifications/system-errors';
import { mailFailureForAdmin } from '../mail/product-mail';
import { sendAdminNotice } from './admin-notice';

/**
 * notify_system_errors: a report (from any service's platform, or identity's own) is mailed to the admins at
 * most once per kind per UTC hour of `ctx.deps.clock`, claimed in the sending transaction so replicas and
 * repeats agree. Answers whether this report was the one mailed; a mail that fails is a 502 (the claim rolls
 * back, so the next report within the hour tries again).
 */
export async function noticeSystemError(ctx: IdentityContext, report: SystemErrorReport): Promise<boolean> {
  const now = ctx.deps.clock();
  try {
    const outcome = await ctx.db.transaction(async (manager) => {
      const { system_timezone } = await readSystemConfiguration(manager);
      return sendAdminNotice(
        ctx,
        manager,
        'notify_system_errors',
        { kind: 'system_error', key: systemErrorKey(report.kind, now) },
        () => systemErrorNotice(report, formatDayAndTimeIn(report.occurred_at, system_timezone)),
      );
    });
    return outcome === 'sent';
  } catch (err) {
    ctx.logger.warn({ report, err: describeMailError(err) }, 'system error notice failed');
    throw new HttpError(502, `The system error notice could not be mailed: ${mailFailureForAdmin(err)}`);
  }
}

/** Identity's own system errors (its dead letters, its outbox) go straight to the use case. */
export const ownSystemErrorSink =
  (ctx: IdentityContext): SystemErrorSink =>
  async (report) => {
    await noticeSystemError(ctx, report);
  };

/** Failed sends in a row after which mail "keeps failing" (issue 21). */
export const MAIL_FAILURES_REPORTED = 3;

/** Counts identity's failed sends in a row; the third reports `mail_failing` (at most every few minutes). */
export interface MailFailureWatch {
  succeeded(): void;
  failed(ctx: IdentityContext, err: unknown): void;
}

export function mailFailureWatch(failuresReported = MAIL_FAILURES_REPORTED): MailFailureWatch {
  let inARow = 0;
  let reporter: ReturnType<typeof systemErrorReporter> | undefined;
  return {
    succeeded() {
      inARow = 0;
    },
    failed(ctx, err) {
      inARow += 1;
      if (inARow < failuresReported) return;
      reporter ??= systemErrorReporter({
        service: ctx.name,
        sink: ownSystemErrorSink(ctx),
        logger: ctx.logger,
        now: ctx.deps.clock,
      });
      reporter.report('mail_failing', `${inARow} mails in a row failed; the last: ${mailFailureForAdmin(err)}`);
    },
  };
}
