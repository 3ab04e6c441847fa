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

// Each statement deletes one small batch and commits on its own. SKIP LOCKED: replicas cleaning up at the
// same time, or a relay holding a row, never wait on each other. Rows never sent are never selected.
const DELETE_SENT = `
  WITH gone AS (
    DELETE FROM outbox WHERE seq IN (
      SELECT seq FROM outbox WHERE sent_at < now() - make_interval(hours => $1)
      LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING 1)
  SELECT count(*)::int AS n FROM gone`;

const DELETE_UNROUTABLE = `
  WITH gone AS (
    DELETE FROM outbox WHERE seq IN (
      SELECT seq FROM outbox WHERE unroutable_at < now() - make_interval(hours => $1)
      LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING 1)
  SELECT count(*)::int AS n FROM gone`;

const DELETE_PROCESSED = `
  WITH gone AS (
    DELETE FROM processed_events WHERE event_id IN (
      SELECT event_id FROM processed_events WHERE processed_at < now() - make_interval(days => $1)
      LIMIT $2 FOR UPDATE SKIP LOCKED)
    RETURNING 1)
  SELECT count(*)::int AS n FROM gone`;

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
