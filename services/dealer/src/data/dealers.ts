import type { Dealer, DealerSnapshot } from '@portal/contracts';
import { DealerCreated, DealerUpdated } from '@portal/contracts';
import { conflict, type Emit, notFound } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { DEALER_JSON, SNAPSHOT_COLUMNS, SNAPSHOT_SQL } from './dealer-json';

export const DEALER_NOT_FOUND = 'Error: Dealer not found';
export const EMAIL_TAKEN = 'Error: A dealer with this email already exists';

/** Columns an edit may change, named as the contract's fields. */
export interface DealerChanges {
  business_name?: string | null;
  full_name?: string | null;
  email?: string;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
  website?: string | null;
  description?: string | null;
  specialties?: string[];
  zone?: string | null;
  use_own_website?: boolean;
  enable_website?: boolean;
  created_at?: string;
  header_image_version?: number | null;
}
const CHANGEABLE: readonly (keyof DealerChanges)[] = [
  'business_name',
  'full_name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip_code',
  'website',
  'description',
  'specialties',
  'zone',
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

/** Blank optional text is stored as NULL. */
export const blankToNull = (value: string | undefined | null) =>
  value === undefined ? undefined : value?.trim() || null;

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

export interface NewDealer {
  dealer_id: string;
  business_name: string | null;
  full_name: string | null;
  email: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  website: string | null;
  zone: string | null;
  use_own_website: boolean;
}

/** Inserts one active dealer and announces it (dealer.created) in the same transaction. */
export async function insertDealer(manager: EntityManager, emit: Emit, dealer: NewDealer): Promise<Dealer> {
  const columns = Object.keys(dealer) as (keyof NewDealer)[];
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
    if ((err as { code?: string }).code === '23505') throw conflict(EMAIL_TAKEN);
    throw err;
  }
}
