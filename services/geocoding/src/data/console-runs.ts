import type { BatchProgress } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { HealthCounts } from '../domain/diagnosis';

export async function recordDiagnosisRun(manager: EntityManager, total: number, counts: HealthCounts): Promise<Date> {
  const rows: { ran_at: Date }[] = await manager.query(
    `INSERT INTO diagnosis_runs (total_dealers, healthy_count, missing_count, error_count, suspicious_count)
     VALUES ($1, $2, $3, $4, $5) RETURNING ran_at`,
    [total, counts.healthy_count, counts.missing_count, counts.error_count, counts.suspicious_count],
  );
  return rows[0]?.ran_at as Date;
}

export async function lastDiagnosisAt(manager: EntityManager): Promise<Date | null> {
  const rows: { ran_at: Date }[] = await manager.query('SELECT max(ran_at) AS ran_at FROM diagnosis_runs');
  return rows[0]?.ran_at ?? null;
}

/**
 * Starts a bulk repair; null when one is already running (one at a time, across replicas: a unique index). A
 * running batch whose process died (no heartbeat for a minute) is closed first.
 */
export async function startBatch(
  manager: EntityManager,
  startedBy: string,
  strategies: readonly string[],
  total: number,
): Promise<string | null> {
  await manager.query(
    `UPDATE repair_batches SET state = 'complete', finished_at = clock_timestamp()
      WHERE state = 'running' AND heartbeat_at < clock_timestamp() - interval '1 minute'`,
  );
  const rows: { id: string }[] = await manager.query(
    `INSERT INTO repair_batches (state, started_by, strategies, total) VALUES ('running', $1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING id`,
    [startedBy, strategies, total],
  );
  return rows[0]?.id ?? null;
}

export async function batchProgress(
  manager: EntityManager,
  id: string,
  processed: number,
  successful: number,
  done: boolean,
): Promise<void> {
  await manager.query(
    `UPDATE repair_batches SET processed = $2, successful = $3, heartbeat_at = clock_timestamp(),
       state = CASE WHEN $4 THEN 'complete' ELSE state END,
       finished_at = CASE WHEN $4 THEN clock_timestamp() ELSE finished_at END
     WHERE id = $1`,
    [id, processed, successful, done],
  );
}

/** The latest bulk repair, as the progress bar shows it; idle when none ran. */
export async function latestBatch(manager: EntityManager): Promise<BatchProgress> {
  const rows: {
    state: 'running' | 'complete';
    total: number;
    processed: number;
    successful: number;
    started_at: Date;
    finished_at: Date | null;
  }[] = await manager.query(
    'SELECT state, total, processed, successful, started_at, finished_at FROM repair_batches ORDER BY id DESC LIMIT 1',
  );
  const row = rows[0];
  if (!row) return { state: 'idle', total: 0, processed: 0, successful: 0, started_at: null, finished_at: null };
  return {
    state: row.state,
    total: row.total,
    processed: row.processed,
    successful: row.successful,
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}
