import type { AuditLogEntry } from '@portal/contracts';
import { type KeysetOrders, type Page, type PageRequest, readPage } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { type ChainedEntry, type ChainedFields, GENESIS_HASH, linkEntries } from '../../domain/audit/audit-chain';

/** One advisory lock for every append, in every replica: two appends never link to the same head. */
const AUDIT_CHAIN_LOCK = 7341023;

/**
 * Appends entries after the chain's head in the caller's transaction (the lock is held until it commits). An
 * entry whose event is in the log already (a redelivery) is left out. Answers how many were appended.
 */
export async function appendAuditEntries(manager: EntityManager, entries: readonly ChainedFields[]): Promise<number> {
  if (!entries.length) return 0;
  await manager.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_CHAIN_LOCK]);
  const present: { event_id: string }[] = await manager.query(
    'SELECT event_id FROM audit_log WHERE event_id = ANY($1::uuid[])',
    [entries.map((e) => e.event_id)],
  );
  const seen = new Set(present.map((row) => row.event_id));
  const fresh = entries.filter((entry) => !seen.has(entry.event_id) && seen.add(entry.event_id));
  if (!fresh.length) return 0;
  const head: { hash: string }[] = await manager.query('SELECT hash FROM audit_log ORDER BY id DESC LIMIT 1');
  const linked = linkEntries(head[0]?.hash ?? GENESIS_HASH, fresh);
  const column = <K extends keyof (typeof linked)[number]>(key: K) => linked.map((entry) => entry[key]);
  // ids follow the array's order: WITH ORDINALITY keeps it through the insert
  await manager.query(
    `INSERT INTO audit_log (at, actor_email, actor_role, action, entity, entity_id, changes, request_id, event_id,
       prev_hash, hash)
     SELECT at, actor_email, actor_role, action, entity, entity_id, changes, request_id, event_id, prev_hash, hash
       FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[],
         $8::text[], $9::uuid[], $10::text[], $11::text[])
         WITH ORDINALITY AS e(at, actor_email, actor_role, action, entity, entity_id, changes, request_id, event_id,
           prev_hash, hash, n)
      ORDER BY n`,
    [
      column('at'),
      column('actor_email'),
      column('actor_role'),
      column('action'),
      column('entity'),
      column('entity_id'),
      linked.map((entry) => JSON.stringify(entry.changes)),
      column('request_id'),
      column('event_id'),
      column('prev_hash'),
      column('hash'),
    ],
  );
  return linked.length;
}

/** A row as node-postgres reads it: the chained entry with its instant as a Date. */
type AuditRow = Omit<ChainedEntry, 'at'> & { at: Date };

function chained(row: AuditRow): ChainedEntry {
  return { ...row, id: String(row.id), at: row.at.toISOString() };
}

/**
 * Calls `visit` with the log's entries in id order, `batchSize` at a time (keyset by id), so a check of
 * millions of entries holds one batch in memory. `visit` answers false to stop.
 */
export async function walkAuditLog(
  manager: EntityManager,
  visit: (entries: ChainedEntry[]) => boolean,
  batchSize = 1000,
): Promise<void> {
  let after = '0';
  for (;;) {
    const rows: AuditRow[] = await manager.query('SELECT * FROM audit_log WHERE id > $1::bigint ORDER BY id LIMIT $2', [
      after,
      batchSize,
    ]);
    if (!rows.length) return;
    if (!visit(rows.map(chained))) return;
    after = String(rows[rows.length - 1]?.id);
  }
}

export interface AuditLogFilters {
  entity?: string;
  entity_id?: string;
  actor?: string;
  /** first day (YYYY-MM-DD, inclusive), in `timeZone` */
  from?: string;
  /** last day (inclusive), in `timeZone` */
  to?: string;
  /** the system timezone the days are counted in */
  timeZone: string;
}

const AUDIT_LOG_ORDERS: KeysetOrders<'at'> = {
  sorts: { at: [{ sql: 'a.at', type: 'timestamptz' }] },
  tieBreaker: { sql: 'a.id', type: 'bigint' },
  defaultSort: '-at',
};

/** One page of the log, newest first unless sorted by `at`; filters as given. */
export async function auditLogPage(
  manager: EntityManager,
  filters: AuditLogFilters,
  request: PageRequest,
): Promise<Page<AuditLogEntry>> {
  const where: string[] = [];
  const params: unknown[] = [];
  const condition = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    where.push(sql(params.length));
  };
  if (filters.entity) condition((n) => `a.entity = $${n}`, filters.entity);
  if (filters.entity_id) condition((n) => `a.entity_id = $${n}`, filters.entity_id);
  if (filters.actor) condition((n) => `a.actor_email = $${n}`, filters.actor);
  // a day's bounds are its midnights in the system timezone (a DST day is 23 or 25 hours long)
  if (filters.from || filters.to) params.push(filters.timeZone);
  const zone = `$${params.length}`;
  if (filters.from) condition((n) => `a.at >= ($${n}::date::timestamp AT TIME ZONE ${zone})`, filters.from);
  if (filters.to) condition((n) => `a.at < (($${n}::date + 1)::timestamp AT TIME ZONE ${zone})`, filters.to);
  const { rows, page } = await readPage<AuditRow & Record<string, unknown>, 'at'>(manager, AUDIT_LOG_ORDERS, request, {
    select: 'a.id, a.at, a.actor_email, a.actor_role, a.action, a.entity, a.entity_id, a.changes, a.request_id',
    from: 'FROM audit_log a',
    where,
    params,
    filterKey: filters,
  });
  return {
    rows: rows.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      actor_email: row.actor_email,
      actor_role: row.actor_role as AuditLogEntry['actor_role'],
      action: row.action,
      entity: row.entity as AuditLogEntry['entity'],
      entity_id: row.entity_id,
      changes: row.changes as AuditLogEntry['changes'],
      request_id: row.request_id,
    })),
    page,
  };
}
