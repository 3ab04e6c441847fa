import { internalEndpoints, type SystemErrorKind, type SystemErrorReport } from '@portal/contracts';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { failureReason } from '../events/delivery-policy';
import { serviceClient } from '../http/service-client';

/**
 * Reports of trouble an admin must hear of (notify_system_errors): an event parked in the dead letters, an
 * outbox that stopped publishing, mail that keeps failing. They go to identity over HTTP, never as an event,
 * since a stuck outbox or a dead broker is what is being reported. Identity mails at most once per kind per
 * hour; the reporter also holds back repeats of a kind for a while so that a storm of dead letters costs
 * identity one call, not thousands. A report that cannot be delivered is logged and dropped: reporting never
 * breaks the work it reports on.
 */

/** Where reports go: identity's use case in identity itself, its internal endpoint from every other service. */
export type SystemErrorSink = (report: SystemErrorReport) => Promise<void>;

export interface SystemErrorReporter {
  /** reports in the background (never throws, never waits); a repeat of a kind held back is dropped */
  report(kind: SystemErrorKind, detail: string): void;
  /** resolves once the reports under way have been delivered or given up (tests, shutdown) */
  settled(): Promise<void>;
}

/** A kind is reported to identity at most once per this long from one process (identity mails hourly anyway). */
export const SYSTEM_ERROR_REPORT_INTERVAL_MS = 5 * 60_000;

/** Calls identity's POST /internal/system-errors. */
export function httpSystemErrorSink(identityUrl: string, timeoutMs = 5000): SystemErrorSink {
  const client = serviceClient(identityUrl);
  return async (report) => {
    await client.call(internalEndpoints['internal.systemErrors'], { body: report, timeoutMs });
  };
}

export function systemErrorReporter(opts: {
  service: string;
  sink: SystemErrorSink;
  logger: Logger;
  /** default SYSTEM_ERROR_REPORT_INTERVAL_MS */
  minIntervalMs?: number;
  now?: () => Date;
}): SystemErrorReporter {
  const { service, sink } = opts;
  const logger = opts.logger.child({ component: 'system-errors' });
  const minIntervalMs = opts.minIntervalMs ?? SYSTEM_ERROR_REPORT_INTERVAL_MS;
  const now = opts.now ?? (() => new Date());
  const lastSent = new Map<SystemErrorKind, number>();
  const underWay = new Set<Promise<void>>();
  return {
    report(kind, detail) {
      const at = now();
      const last = lastSent.get(kind);
      if (last !== undefined && at.getTime() - last < minIntervalMs) {
        logger.debug({ kind, detail }, 'system error not reported again yet');
        return;
      }
      lastSent.set(kind, at.getTime());
      const sending = sink({ kind, service, detail: detail.slice(0, 2000), occurred_at: at.toISOString() })
        .catch((err: unknown) => logger.warn({ kind, detail, err: failureReason(err) }, 'system error report failed'))
        .finally(() => underWay.delete(sending));
      underWay.add(sending);
    },
    async settled() {
      await Promise.allSettled([...underWay]);
    },
  };
}

/** An outbox whose oldest unsent event is older than this is stuck (issue 21: five minutes). */
export const OUTBOX_STUCK_AFTER_MS = 5 * 60_000;

/**
 * The age of the oldest event waiting in the outbox to be published, in milliseconds, or null when none waits.
 * Rows parked as unroutable are left out: they are waiting for an operator on purpose, and logged when parked.
 */
export async function oldestUnsentAgeMs(db: DataSource): Promise<number | null> {
  const rows: { age_ms: number | null }[] = await db.query(
    `SELECT (extract(epoch FROM now() - min(created_at)) * 1000)::float8 AS age_ms
       FROM outbox WHERE sent_at IS NULL AND unroutable_at IS NULL`,
  );
  return rows[0]?.age_ms ?? null;
}

/** Looks at the outbox every `intervalMs` and reports it stuck while its oldest unsent event is too old. */
export function watchOutbox(opts: {
  db: DataSource;
  reporter: SystemErrorReporter;
  logger: Logger;
  intervalMs?: number;
  stuckAfterMs?: number;
}): { stop(): Promise<void> } {
  const stuckAfterMs = opts.stuckAfterMs ?? OUTBOX_STUCK_AFTER_MS;
  let checking: Promise<void> | null = null;
  const check = async () => {
    try {
      const age = await oldestUnsentAgeMs(opts.db);
      if (age !== null && age > stuckAfterMs) {
        const minutes = Math.floor(age / 60_000);
        opts.reporter.report(
          'stuck_outbox',
          `The oldest unpublished event has waited ${minutes} minutes in the outbox.`,
        );
      }
    } catch (err) {
      // the database away is reported by the health checks; the next look tries again
      opts.logger.debug({ err: failureReason(err) }, 'outbox watch could not read the outbox');
    }
  };
  const timer = setInterval(() => {
    if (!checking) checking = check().finally(() => (checking = null));
  }, opts.intervalMs ?? 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await checking;
    },
  };
}
