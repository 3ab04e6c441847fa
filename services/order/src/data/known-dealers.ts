import type { DealerSnapshot } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/** The dealer fields the order service keeps (a subset of the snapshot): what orders show of their dealer. */
export const KNOWN_DEALER_FIELDS = [
  'business_name',
  'full_name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip_code',
] as const satisfies readonly (keyof DealerSnapshot)[];

export interface KnownDealer {
  dealer_id: string;
  archived: boolean;
  deleted: boolean;
}

const columns = KNOWN_DEALER_FIELDS.join(', ');
const placeholders = KNOWN_DEALER_FIELDS.map((_, i) => `$${i + 3}`).join(', ');
const updates = KNOWN_DEALER_FIELDS.map((name) => `${name} = EXCLUDED.${name}`).join(', ');

/** Keeps a dealer's fields unless newer fields are already kept (events may arrive out of order). */
export async function saveDealerFields(
  manager: EntityManager,
  snapshot: DealerSnapshot,
  changedAt: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO known_dealers (dealer_id, fields_changed_at, ${columns}) VALUES ($1, $2, ${placeholders})
     ON CONFLICT (dealer_id) DO UPDATE SET ${updates}, fields_changed_at = EXCLUDED.fields_changed_at
     WHERE known_dealers.fields_changed_at IS NULL OR known_dealers.fields_changed_at <= EXCLUDED.fields_changed_at`,
    [snapshot.dealer_id, changedAt, ...KNOWN_DEALER_FIELDS.map((name) => snapshot[name] ?? null)],
  );
}

/** Archives or restores a dealer unless a newer archive/restore is already kept. */
export async function saveDealerArchived(
  manager: EntityManager,
  dealerId: string,
  archived: boolean,
  changedAt: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO known_dealers (dealer_id, archived, archived_changed_at) VALUES ($1, $2, $3)
     ON CONFLICT (dealer_id) DO UPDATE SET archived = EXCLUDED.archived, archived_changed_at = EXCLUDED.archived_changed_at
     WHERE known_dealers.archived_changed_at IS NULL OR known_dealers.archived_changed_at <= EXCLUDED.archived_changed_at`,
    [dealerId, archived, changedAt],
  );
}

/** A deleted dealer orders no more; its fields stay for the history of its orders. Deletion is final. */
export async function markDealerDeleted(manager: EntityManager, dealerId: string): Promise<void> {
  await manager.query(
    `INSERT INTO known_dealers (dealer_id, deleted) VALUES ($1, true)
     ON CONFLICT (dealer_id) DO UPDATE SET deleted = true`,
    [dealerId],
  );
}

export async function findKnownDealer(manager: EntityManager, dealerId: string): Promise<KnownDealer | null> {
  const rows: KnownDealer[] = await manager.query(
    'SELECT dealer_id, archived, deleted FROM known_dealers WHERE dealer_id = $1',
    [dealerId],
  );
  return rows[0] ?? null;
}
