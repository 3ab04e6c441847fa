import type { Logger } from 'pino';
import { Gauge, type Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { EventTransport, QueueStats } from '../events';

export interface EventMetricsOptions {
  service: string;
  db: DataSource;
  transport: EventTransport;
  /** whether the service consumes events (only then does it have queues to measure) */
  consumes: boolean;
  logger: Logger;
}

interface OutboxStats {
  pending: number;
  oldestSeconds: number;
  unroutable: number;
}

// Each count reads a partial index (outbox_unsent_in_order, outbox_unroutable): cheap however many sent rows are kept.
const OUTBOX_STATS = `
  SELECT
    (SELECT count(*) FROM outbox WHERE sent_at IS NULL AND unroutable_at IS NULL)::int AS pending,
    (SELECT coalesce(extract(epoch FROM now() - min(created_at)), 0) FROM outbox
       WHERE sent_at IS NULL AND unroutable_at IS NULL)::float8 AS oldest_seconds,
    (SELECT count(*) FROM outbox WHERE sent_at IS NULL AND unroutable_at IS NOT NULL)::int AS unroutable`;

/**
 * One answer shared by the gauges of one scrape: prom-client starts every collect of a scrape at once, so the
 * gauges that ask while a question is in flight share its answer (one query per scrape, never a stale one).
 */
function sharedWhileInFlight<T>(ask: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () => {
    inFlight ??= ask().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
}

/**
 * The event figures, read when Prometheus scrapes (nothing runs in between): the outbox backlog and the age of
 * its oldest unsent event, events parked as unroutable, and — for a service that consumes — its queue's lag,
 * the retries waiting and the dead letters. A figure that cannot be read now (database or broker down) is NaN
 * rather than stale; the readiness and service-down alerts cover the outage itself.
 */
export function registerEventMetrics(registry: Registry, opts: EventMetricsOptions): void {
  const log = opts.logger.child({ component: 'metrics' });
  const outbox = sharedWhileInFlight(async (): Promise<OutboxStats | null> => {
    try {
      const rows: { pending: number; oldest_seconds: number; unroutable: number }[] = await opts.db.query(OUTBOX_STATS);
      const row = rows[0];
      return row ? { pending: row.pending, oldestSeconds: row.oldest_seconds, unroutable: row.unroutable } : null;
    } catch (err) {
      log.debug({ err: err instanceof Error ? err.message : String(err) }, 'outbox figures not read');
      return null;
    }
  });
  const gauge = (name: string, help: string, read: () => Promise<number | null>) => {
    const g: Gauge = new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        // NaN (a gap in the graphs, never an alert) when the figure cannot be read now
        g.set((await read()) ?? Number.NaN);
      },
    });
  };
  gauge('outbox_pending_events', 'Events written to the outbox and not yet published (the backlog)', async () => {
    return (await outbox())?.pending ?? null;
  });
  gauge(
    'outbox_oldest_pending_age_seconds',
    'Age of the oldest event waiting in the outbox (0 when none waits)',
    async () => (await outbox())?.oldestSeconds ?? null,
  );
  gauge(
    'outbox_unroutable_events',
    'Events parked in the outbox because no queue is bound to their type (see docs/events.md)',
    async () => (await outbox())?.unroutable ?? null,
  );

  if (!opts.consumes || !opts.transport.queueStats) return;
  const transport = opts.transport;
  const queues = sharedWhileInFlight(async (): Promise<QueueStats | null> => {
    try {
      return (await transport.queueStats?.(opts.service)) ?? null;
    } catch (err) {
      log.debug({ err: err instanceof Error ? err.message : String(err) }, 'queue figures not read');
      return null;
    }
  });
  gauge(
    'event_consumer_lag_messages',
    "Events waiting in the service's queue for its consumer (the consumer's lag)",
    async () => (await queues())?.ready ?? null,
  );
  gauge(
    'event_retry_messages',
    'Events that failed and wait for their next attempt',
    async () => (await queues())?.retrying ?? null,
  );
  gauge(
    'event_dead_letters',
    "Events parked in the service's dead-letter queue after their last attempt",
    async () => (await queues())?.deadLetters ?? null,
  );
}
