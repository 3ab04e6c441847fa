import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { EventEnvelope } from '@portal/contracts';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { BaseConfig } from '../config';
import { failureReason, UnroutableEventError } from './delivery-policy';
import {
  type CleanupResult,
  cleanUpEventTables,
  DEFAULT_OUTBOX_RETENTION_HOURS,
  DEFAULT_PROCESSED_EVENTS_RETENTION_DAYS,
  type EventRetention,
} from './event-housekeeping';
import { contextFromHeaders, eventTracer, traceHeaders } from './trace-context';
import type { EventTransport } from './transport';

export interface OutboxRelayOptions {
  dataSource: DataSource;
  transport: EventTransport;
  logger: Logger;
  /** how often the outbox is polled when nobody kicks the relay; default 1000 ms */
  pollMs?: number;
  /** rows claimed per round; default 100 */
  batchSize?: number;
  /**
   * consecutive publishes of one event the broker returns because no queue is bound to its type, after which
   * the row is parked (`unroutable_at` set, a warning logged) and no longer published; default 10 (about
   * five minutes of retries at the default poll interval)
   */
  unroutableAttempts?: number;
  housekeeping?: OutboxHousekeepingOptions;
}

/** The retention cleanup of the event tables, run by the relay while it runs (see docs/events.md). */
export interface OutboxHousekeepingOptions {
  /** sent rows, and rows parked as unroutable, older than this are deleted; default 168 (7 days) */
  outboxRetentionHours?: number;
  /** applied-event ids older than this are forgotten; default 30, never less than the outbox retention */
  processedRetentionDays?: number;
  /** time between cleanups; default 1 h, the first one a minute after start (sooner if the interval is shorter) */
  intervalMs?: number;
  /** rows deleted per statement; default 1000 */
  batchSize?: number;
}

/** The relay settings of a service's configuration (OUTBOX_* and PROCESSED_EVENTS_RETENTION_DAYS). */
export function outboxRelaySettings(
  config: Pick<
    BaseConfig,
    'OUTBOX_POLL_MS' | 'OUTBOX_UNROUTABLE_ATTEMPTS' | 'OUTBOX_RETENTION_HOURS' | 'PROCESSED_EVENTS_RETENTION_DAYS'
  >,
): Pick<OutboxRelayOptions, 'pollMs' | 'unroutableAttempts' | 'housekeeping'> {
  return {
    pollMs: config.OUTBOX_POLL_MS,
    unroutableAttempts: config.OUTBOX_UNROUTABLE_ATTEMPTS,
    housekeeping: {
      outboxRetentionHours: config.OUTBOX_RETENTION_HOURS,
      processedRetentionDays: config.PROCESSED_EVENTS_RETENTION_DAYS,
    },
  };
}

interface OutboxRow {
  seq: string;
  envelope: EventEnvelope;
  headers: Record<string, string>;
  attempts: number;
  unroutable_returns: number;
}

const HOUR_MS = 3_600_000;

/** A failed row waits longer after each attempt, up to this, so a failing event does not hog the relay. */
const MAX_RETRY_DELAY_MS = 60_000;

// Due rows in write order; SKIP LOCKED lets several relays (replicas) share the outbox without double work.
// Rows parked as unroutable are left alone until an operator releases them (docs/events.md).
const CLAIM = `
  SELECT seq, envelope, headers, attempts, unroutable_returns FROM outbox
  WHERE sent_at IS NULL AND unroutable_at IS NULL AND next_attempt_at <= now()
  ORDER BY seq
  LIMIT $1
  FOR UPDATE SKIP LOCKED`;

/**
 * Publishes the outbox: claims due rows, publishes them in order and awaits the broker's confirms, marks each
 * sent only once confirmed. A failed row keeps its place with attempts counted, its error and a growing
 * delay. A row the broker keeps returning because no queue is bound to its type is parked as unroutable
 * after `unroutableAttempts` returns in a row: kept, logged, no longer published. Polls every `pollMs`, and
 * `kick()` wakes it right after a commit. While running it also deletes old sent rows and old processed-event
 * ids (`housekeeping`).
 */
export class OutboxRelay {
  private readonly opts: Required<Omit<OutboxRelayOptions, 'housekeeping'>>;
  private readonly retention: EventRetention;
  private readonly cleanupIntervalMs: number;
  private readonly logger: Logger;
  private running = false;
  private stopping = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private kicked = false;
  private cleanupTimer: NodeJS.Timeout | null = null;
  private cleanup: Promise<void> | null = null;

  constructor(opts: OutboxRelayOptions) {
    const { housekeeping = {}, ...rest } = opts;
    this.opts = { pollMs: 1000, batchSize: 100, unroutableAttempts: 10, ...rest };
    this.logger = opts.logger.child({ component: 'outbox-relay' });
    const outboxRetentionHours = housekeeping.outboxRetentionHours ?? DEFAULT_OUTBOX_RETENTION_HOURS;
    const processedRetentionDays = housekeeping.processedRetentionDays ?? DEFAULT_PROCESSED_EVENTS_RETENTION_DAYS;
    // an event still in the outbox can be published again (an operator's replay): its consumers must remember it
    const atLeast = Math.ceil(outboxRetentionHours / 24);
    if (processedRetentionDays < atLeast) {
      this.logger.warn(
        { processedRetentionDays, outboxRetentionHours, used: atLeast },
        'processed-events retention is shorter than the outbox retention; using the outbox retention',
      );
    }
    this.retention = {
      outboxRetentionHours,
      processedRetentionDays: Math.max(processedRetentionDays, atLeast),
      batchSize: housekeeping.batchSize ?? 1000,
    };
    this.cleanupIntervalMs = housekeeping.intervalMs ?? HOUR_MS;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.loop = this.run();
    this.scheduleCleanup(Math.min(60_000, this.cleanupIntervalMs));
  }

  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    this.wake?.();
    if (this.cleanupTimer) clearTimeout(this.cleanupTimer);
    this.cleanupTimer = null;
    await this.loop;
    await this.cleanup;
    this.loop = null;
  }

  /**
   * Deletes outbox rows sent (or parked as unroutable) longer ago than the outbox retention and processed-event
   * ids older than theirs, in small batches; never an unsent row. Runs on its own every `intervalMs` while the
   * relay runs; callable directly (tests, a maintenance job).
   */
  async cleanUp(): Promise<CleanupResult> {
    const result = await cleanUpEventTables(this.opts.dataSource, this.retention, () => !this.stopping);
    const log = { deleted_outbox_rows: result.outbox, deleted_processed_events: result.processedEvents };
    if (result.outbox || result.processedEvents) this.logger.info(log, 'old event rows deleted');
    else this.logger.debug(log, 'no old event rows to delete');
    return result;
  }

  private scheduleCleanup(delayMs: number): void {
    if (!this.running) return;
    this.cleanupTimer = setTimeout(() => {
      this.cleanupTimer = null;
      this.cleanup = this.cleanUp()
        .then(
          () => undefined,
          (err) => this.logger.warn({ err: failureReason(err) }, 'event table cleanup failed; will retry'),
        )
        .finally(() => {
          this.cleanup = null;
          this.scheduleCleanup(this.cleanupIntervalMs);
        });
    }, delayMs);
    this.cleanupTimer.unref();
  }

  /**
   * Resolves once no row is waiting to be published (for tests and graceful hand-offs; rows parked as
   * unroutable do not count); rejects after `timeoutMs`.
   */
  async drained(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows: { unsent: number }[] = await this.opts.dataSource.query(
        'SELECT count(*)::int AS unsent FROM outbox WHERE sent_at IS NULL AND unroutable_at IS NULL',
      );
      const unsent = rows[0]?.unsent ?? 0;
      if (unsent === 0) return;
      if (Date.now() > deadline) throw new Error(`outbox not drained after ${timeoutMs} ms: ${unsent} unsent`);
      this.kick();
      await sleep(50);
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.kicked = false;
      let full = false;
      try {
        full = (await this.relayBatch()) === this.opts.batchSize;
      } catch (err) {
        this.logger.error({ err: failureReason(err) }, 'outbox relay round failed');
      }
      if (!full && !this.kicked && this.running) await this.idle();
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, this.opts.pollMs);
      this.wake = done;
    });
  }

  /** One round in one transaction: the claimed rows stay locked until their outcome is written. */
  private relayBatch(): Promise<number> {
    return this.opts.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(CLAIM, [this.opts.batchSize]);
      if (!rows.length) return 0;
      // published back to back (the channel keeps their order), confirms awaited together
      const outcomes = await Promise.allSettled(rows.map((row) => this.publish(row)));
      const sent = rows.filter((_, i) => outcomes[i]?.status === 'fulfilled').map((row) => row.seq);
      if (sent.length) {
        await manager.query(
          'UPDATE outbox SET sent_at = now(), attempts = attempts + 1 WHERE seq = ANY($1::bigint[])',
          [sent],
        );
      }
      for (const [i, outcome] of outcomes.entries()) {
        const row = rows[i];
        if (outcome.status !== 'rejected' || !row) continue;
        if (outcome.reason instanceof UnroutableEventError) await this.recordUnroutable(manager, row, outcome.reason);
        else await this.recordFailure(manager, row, outcome.reason);
      }
      return rows.length;
    });
  }

  private async recordFailure(manager: EntityManager, row: OutboxRow, reason: unknown) {
    const attempts = row.attempts + 1;
    const log = { event_id: row.envelope.id, type: row.envelope.type, attempts, err: failureReason(reason) };
    if (attempts >= 5) this.logger.error(log, 'event still not published');
    else this.logger.warn(log, 'event publish failed; will retry');
    // only returns in a row count towards parking: a broker outage in between starts the count again
    await manager.query(
      `UPDATE outbox SET attempts = $2, last_error = $3, next_attempt_at = now() + $4 * interval '1 millisecond',
         unroutable_returns = 0
       WHERE seq = $1`,
      [row.seq, attempts, failureReason(reason), this.retryDelayMs(attempts)],
    );
  }

  /**
   * The broker took the event but no queue is bound to its type. Usually its consumer has not declared its
   * queue yet (a first deployment, a new event type rolled out producer first): retried like any failure.
   * After `unroutableAttempts` returns in a row nobody is expected to bind it: the row is parked, kept for
   * the operator (and the retention cleanup), and logged once as a warning.
   */
  private async recordUnroutable(manager: EntityManager, row: OutboxRow, reason: UnroutableEventError) {
    const attempts = row.attempts + 1;
    const returns = row.unroutable_returns + 1;
    const log = { event_id: row.envelope.id, type: row.envelope.type, attempts, unroutable_returns: returns };
    if (returns >= this.opts.unroutableAttempts) {
      this.logger.warn(
        log,
        'event unroutable: no queue is bound to its type; parked in the outbox and no longer published',
      );
      await manager.query(
        `UPDATE outbox SET attempts = $2, unroutable_returns = $3, last_error = $4, unroutable_at = now()
         WHERE seq = $1`,
        [row.seq, attempts, returns, failureReason(reason)],
      );
      return;
    }
    this.logger.info(log, 'no queue is bound to the event type yet; will retry');
    await manager.query(
      `UPDATE outbox SET attempts = $2, unroutable_returns = $3, last_error = $4,
         next_attempt_at = now() + $5 * interval '1 millisecond'
       WHERE seq = $1`,
      [row.seq, attempts, returns, failureReason(reason), this.retryDelayMs(attempts)],
    );
  }

  private retryDelayMs(attempts: number): number {
    return Math.min(this.opts.pollMs * 2 ** attempts, MAX_RETRY_DELAY_MS);
  }

  /** Publishes inside a PRODUCER span that continues the trace captured when the event was written. */
  private async publish(row: OutboxRow): Promise<void> {
    const { envelope } = row;
    const span = eventTracer.startSpan(
      `${envelope.type} publish`,
      {
        kind: SpanKind.PRODUCER,
        attributes: {
          'messaging.operation.type': 'send',
          'messaging.destination.name': envelope.type,
          'messaging.message.id': envelope.id,
        },
      },
      contextFromHeaders(row.headers),
    );
    const ctx = trace.setSpan(contextFromHeaders(row.headers), span);
    try {
      await context.with(ctx, () => this.opts.transport.publish(envelope, { ...row.headers, ...traceHeaders(ctx) }));
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: failureReason(err) });
      throw err;
    } finally {
      span.end();
    }
  }
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
