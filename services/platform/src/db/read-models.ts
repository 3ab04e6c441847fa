import type { EntityManager } from 'typeorm';

/**
 * One kind of write into a read model: a table keeping another service's records (for example a service's
 * `known_dealers`), filled from that service's events. Events may arrive out of order, so every write carries
 * the time its values were true (`changedAt`, the event's occurredAt) and a kept row is overwritten only by values
 * at least as new. Each kind of event has its own time column (a late dealer.updated must not undo a newer
 * archive), which is why a write names the columns it owns.
 */
export interface ReadModelWrite {
  table: string;
  /** the conflict key: the other service's id */
  key: string;
  /** the column holding when the written values were true (timestamptz) */
  changedAt: string;
  /** the other columns this write owns, in the order their values are given */
  columns: readonly string[];
}

/**
 * The guarded upsert of `write`: inserts the rows of `source` (a VALUES list or a SELECT answering the key,
 * the time and `columns`, in that order), or overwrites a kept row unless it holds newer values. Answers the SQL
 * (a caller may append a RETURNING clause).
 */
export function guardedUpsertSql(write: ReadModelWrite, source: string): string {
  const { table, key, changedAt, columns } = write;
  const written = [changedAt, ...columns];
  return `INSERT INTO ${table} AS kept (${key}, ${written.join(', ')}) ${source}
     ON CONFLICT (${key}) DO UPDATE SET ${written.map((name) => `${name} = EXCLUDED.${name}`).join(', ')}
     WHERE kept.${changedAt} IS NULL OR kept.${changedAt} <= EXCLUDED.${changedAt}`;
}

/** Keeps one row's `values` (in the order of `write.columns`) unless newer ones are kept already. */
export async function upsertIfNewer(
  manager: EntityManager,
  write: ReadModelWrite,
  key: string,
  changedAt: string,
  values: readonly unknown[],
): Promise<void> {
  const placeholders = [key, changedAt, ...values].map((_, i) => `$${i + 1}`).join(', ');
  await manager.query(guardedUpsertSql(write, `VALUES (${placeholders})`), [key, changedAt, ...values]);
}

/** One row of `upsertManyIfNewer`. */
export interface ReadModelRow {
  key: string;
  changedAt: string;
  /** in the order of `write.columns` */
  values: readonly unknown[];
}

/**
 * `upsertIfNewer` for many rows in one statement (a bulk import or repair announces thousands), the values sent
 * as one array per column (UNNEST). `types` are the PostgreSQL types of `write.columns` (e.g. text, float8).
 * Only each key's newest row is written: one statement may not update a row twice. Rows go in key order, so
 * two batches touching the same rows lock them in the same order and cannot deadlock.
 */
export async function upsertManyIfNewer(
  manager: EntityManager,
  write: ReadModelWrite & { types: readonly string[] },
  rows: readonly ReadModelRow[],
): Promise<void> {
  const newest = [
    ...newestByKey(
      rows,
      (row) => row.key,
      (row) => row.changedAt,
    ).values(),
  ].sort((a, b) => (a.key < b.key ? -1 : 1));
  if (!newest.length) return;
  const arrays = ['text', 'timestamptz', ...write.types].map((type, i) => `$${i + 1}::${type}[]`).join(', ');
  await manager.query(guardedUpsertSql(write, `SELECT * FROM unnest(${arrays})`), [
    newest.map((row) => row.key),
    newest.map((row) => row.changedAt),
    ...write.columns.map((_, i) => newest.map((row) => row.values[i] ?? null)),
  ]);
}

/** Each key's newest item (by `changedAt`, an ISO time; the later of equal times wins), by key. */
export function newestByKey<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  changedAtOf: (item: T) => string,
): Map<string, T> {
  const newest = new Map<string, T>();
  for (const item of items) {
    const kept = newest.get(keyOf(item));
    if (!kept || Date.parse(changedAtOf(kept)) <= Date.parse(changedAtOf(item))) newest.set(keyOf(item), item);
  }
  return newest;
}

/**
 * Marks a record of the read model `table` deleted for good, inserting a tombstone when none was kept yet (so
 * a late create or update cannot bring it back). No time guard: deletion is final. Expects a `deleted` column.
 */
export async function markDeletedForGood(
  manager: EntityManager,
  write: Pick<ReadModelWrite, 'table' | 'key'>,
  key: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO ${write.table} (${write.key}, deleted) VALUES ($1, true)
     ON CONFLICT (${write.key}) DO UPDATE SET deleted = true`,
    [key],
  );
}
