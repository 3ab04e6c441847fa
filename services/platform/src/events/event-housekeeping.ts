import type { DataSource } from 'typeorm';

export const DEFAULT_OUTBOX_RETENTION_HOURS = 168;
export const DEFAULT_PROCESSED_EVENTS_RETENTION_DAYS = 30;

export interface EventRetention {
  /** sent outbox rows, and rows parked as unroutable, older than this are deleted */
  outboxRetentionHours: number;
  /** processed_events rows (the consumers' idempotency guard) older than this are deleted */
  processedRetentionDays: number;
  /** rows deleted per statement, so no statement holds many locks or runs long */
  batchSize: number;
}

export interface CleanupResult {
  /** outbox rows deleted (sent or parked as unroutable, past the retention) */
  outbox: number;
  /** processed_events rows deleted */
  processedEvents: number;
}

/**
 * A statement deleting one small batch of `table` rows whose `column` is older than `$1` `unit`s; it commits
 * on its own. SKIP LOCKED: replicas cleaning up at the same time, or a relay holding a row, never wait on each
 * other. A NULL `column` (an outbox row never sent) never matches.
 */
function batchDelete(table: string, key: string, column: string, unit: 'hours' | 'days'): string {
  return `
  WITH gone AS (
    DELETE FROM ${table} WHERE ${key} IN (
      SELECT ${key} FROM ${table} WHERE ${column} < now() - make_interval(${unit} => $1)
      LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING 1)
  SELECT count(*)::int AS n FROM gone`;
}

const DELETE_SENT = batchDelete('outbox', 'seq', 'sent_at', 'hours');
const DELETE_UNROUTABLE = batchDelete('outbox', 'seq', 'unroutable_at', 'hours');
const DELETE_PROCESSED = batchDelete('processed_events', 'event_id', 'processed_at', 'days');

/**
 * Deletes what the event tables no longer need, batch by batch until nothing is left or `keepGoing` says
 * stop: outbox rows sent (or parked as unroutable) more than `outboxRetentionHours` ago, and processed-event
 * ids older than `processedRetentionDays`. Unsent rows are never touched.
 */
export async function cleanUpEventTables(
  dataSource: DataSource,
  retention: EventRetention,
  keepGoing: () => boolean = () => true,
): Promise<CleanupResult> {
  const drain = async (sql: string, age: number) => {
    let total = 0;
    for (;;) {
      const rows: { n: number }[] = await dataSource.query(sql, [age, retention.batchSize]);
      const deleted = rows[0]?.n ?? 0;
      total += deleted;
      if (deleted < retention.batchSize || !keepGoing()) return total;
    }
  };
  const sent = await drain(DELETE_SENT, retention.outboxRetentionHours);
  const unroutable = await drain(DELETE_UNROUTABLE, retention.outboxRetentionHours);
  const processedEvents = await drain(DELETE_PROCESSED, retention.processedRetentionDays);
  return { outbox: sent + unroutable, processedEvents };
}
