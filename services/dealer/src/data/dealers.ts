import type { Dealer, DealerEntityField, DealerSnapshot } from '@portal/contracts';
import { DEALER_ENTITY_FIELDS, DealerCreated, DealerUpdated } from '@portal/contracts';
import { conflict, type Emit, isUniqueViolation, notFound } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { DEALER_JSON, SNAPSHOT_COLUMNS, SNAPSHOT_SQL } from './dealer-columns';

export const DEALER_NOT_FOUND = 'Error: Dealer not found';
export const EMAIL_TAKEN = 'Error: A dealer with this email already exists';

/**
 * Columns an edit may change, named as the contract's fields: the dealer's own fields (from the field list;
 * null clears one, undefined leaves it) and what the service keeps besides.
 */
export type DealerChanges = { [K in DealerEntityField]?: K extends 'email' ? string : string | null } & {
  specialties?: string[];
  use_own_website?: boolean;
  enable_website?: boolean;
  created_at?: string;
  header_image_version?: number | null;
};
const CHANGEABLE: readonly (keyof DealerChanges)[] = [
  ...DEALER_ENTITY_FIELDS,
  'specialties',
  'use_own_website',
  'enable_website',
  'created_at',
  'header_image_version',
];

interface DealerRow {
  dealer: Dealer;
  announced: boolean;
}
type SnapshotRow = DealerRow & DealerSnapshot;

export async function findDealer(manager: EntityManager, dealerId: string): Promise<Dealer | null> {
  const rows: DealerRow[] = await manager.query(
    `SELECT ${DEALER_JSON} AS dealer FROM dealers d WHERE d.dealer_id = $1`,
    [dealerId],
  );
  return rows[0]?.dealer ?? null;
}

export async function getDealer(manager: EntityManager, dealerId: string): Promise<Dealer> {
  const dealer = await findDealer(manager, dealerId);
  if (!dealer) throw notFound(DEALER_NOT_FOUND);
  return dealer;
}

/** Reads the dealer and locks its row for the rest of the transaction (its state before a change); 404 when none. */
export async function lockDealer(manager: EntityManager, dealerId: string): Promise<Dealer> {
  const rows: DealerRow[] = await manager.query(
    `SELECT ${DEALER_JSON} AS dealer FROM dealers d WHERE d.dealer_id = $1 FOR UPDATE`,
    [dealerId],
  );
  if (!rows[0]) throw notFound(DEALER_NOT_FOUND);
  return rows[0].dealer;
}

export function snapshotOf(row: DealerSnapshot): DealerSnapshot {
  return Object.fromEntries(SNAPSHOT_COLUMNS.map((c) => [c, row[c]])) as DealerSnapshot;
}

export async function emailTaken(manager: EntityManager, email: string, exceptDealerId?: string): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    'SELECT 1 FROM dealers WHERE email = $1 AND dealer_id IS DISTINCT FROM $2',
    [email, exceptDealerId ?? null],
  );
  return rows.length > 0;
}

/**
 * Saves changes to one dealer and, when they touch what other services keep (the event snapshot) of an
 * announced dealer, emits dealer.updated in the same transaction. Answers the updated dealer.
 */
export async function saveDealerChanges(
  manager: EntityManager,
  emit: Emit,
  dealerId: string,
  changes: DealerChanges,
): Promise<Dealer> {
  const entries = CHANGEABLE.filter((column) => changes[column] !== undefined).map(
    (column) => [column, changes[column]] as const,
  );
  if (changes.email !== undefined && (await emailTaken(manager, changes.email, dealerId))) throw conflict(EMAIL_TAKEN);
  const assignments = entries.map(([column], i) => `${column} = $${i + 2}`);
  const [rows]: [SnapshotRow[], number] = await manager.query(
    `UPDATE dealers d SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE d.dealer_id = $1
     RETURNING ${DEALER_JSON} AS dealer, d.announced, ${SNAPSHOT_SQL}`,
    [dealerId, ...entries.map(([, value]) => value)],
  );
  const row = rows[0];
  if (!row) throw notFound(DEALER_NOT_FOUND);
  const touchesSnapshot = entries.some(([column]) => (SNAPSHOT_COLUMNS as readonly string[]).includes(column));
  if (row.announced && touchesSnapshot) await emit(DealerUpdated, dealerId, snapshotOf(row));
  return row.dealer;
}

/** A new dealer: its id, the fields the create form carries (required ones filled), and the website type. */
export type NewDealer = { dealer_id: string; email: string; use_own_website: boolean } & {
  [K in Exclude<DealerEntityField, 'email' | 'description'>]?: string | null;
};

/** Inserts one active dealer and announces it (dealer.created) in the same transaction. */
export async function insertDealer(manager: EntityManager, emit: Emit, dealer: NewDealer): Promise<Dealer> {
  // the columns the form filled: one not given keeps the table's default (NULL)
  const columns = (Object.keys(dealer) as (keyof NewDealer)[]).filter((column) => dealer[column] !== undefined);
  try {
    const rows: SnapshotRow[] = await manager.query(
      `INSERT INTO dealers AS d (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
       RETURNING ${DEALER_JSON} AS dealer, ${SNAPSHOT_SQL}`,
      columns.map((c) => dealer[c]),
    );
    const row = rows[0] as SnapshotRow;
    await emit(DealerCreated, dealer.dealer_id, snapshotOf(row));
    return row.dealer;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}
