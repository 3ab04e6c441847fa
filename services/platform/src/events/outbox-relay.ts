import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { EventEnvelope } from '@portal/contracts';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { failureReason } from './delivery-policy';
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
}

interface OutboxRow {
  seq: string;
  envelope: EventEnvelope;
  headers: Record<string, string>;
  attempts: number;
}

/** A failed row waits longer after each attempt, up to this, so an unroutable event does not hog the relay. */
const MAX_RETRY_DELAY_MS = 60_000;

// Due rows in write order; SKIP LOCKED lets several relays (replicas) share the outbox without double work.
const CLAIM = `
  SELECT seq, envelope, headers, attempts FROM outbox
  WHERE sent_at IS NULL AND next_attempt_at <= now()
  ORDER BY seq
  LIMIT $1
  FOR UPDATE SKIP LOCKED`;

/**
 * Publishes the outbox: claims due rows, publishes them in order and awaits the broker's confirms, marks each
 * sent only once confirmed. A failed row keeps its place with attempts counted, its error and a growing
 * delay; nothing is ever dropped. Polls every `pollMs`, and `kick()` wakes it right after a commit.
 */
export class OutboxRelay {
  private readonly opts: Required<OutboxRelayOptions>;
  private readonly logger: Logger;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private kicked = false;

  constructor(opts: OutboxRelayOptions) {
    this.opts = { pollMs: 1000, batchSize: 100, ...opts };
    this.logger = opts.logger.child({ component: 'outbox-relay' });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  /** Resolves once no unsent row is left (for tests and graceful hand-offs); rejects after `timeoutMs`. */
  async drained(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows: { unsent: number }[] = await this.opts.dataSource.query(
        'SELECT count(*)::int AS unsent FROM outbox WHERE sent_at IS NULL',
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
        if (outcome.status === 'rejected' && row) await this.recordFailure(manager, row, outcome.reason);
      }
      return rows.length;
    });
  }

  private async recordFailure(manager: EntityManager, row: OutboxRow, reason: unknown) {
    const attempts = row.attempts + 1;
    const delayMs = Math.min(this.opts.pollMs * 2 ** attempts, MAX_RETRY_DELAY_MS);
    const log = { event_id: row.envelope.id, type: row.envelope.type, attempts, err: failureReason(reason) };
    if (attempts >= 5) this.logger.error(log, 'event still not published');
    else this.logger.warn(log, 'event publish failed; will retry');
    await manager.query(
      `UPDATE outbox SET attempts = $2, last_error = $3, next_attempt_at = now() + $4 * interval '1 millisecond'
       WHERE seq = $1`,
      [row.seq, attempts, failureReason(reason), delayMs],
    );
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
