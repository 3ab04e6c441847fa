import type { DealerSnapshot } from '@portal/contracts';
import { markDeletedForGood, type ReadModelWrite, upsertIfNewer } from '@portal/platform';
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

const FIELDS_WRITE: ReadModelWrite = {
  table: 'known_dealers',
  key: 'dealer_id',
  changedAt: 'fields_changed_at',
  columns: KNOWN_DEALER_FIELDS,
};
const ARCHIVED_WRITE: ReadModelWrite = {
  table: 'known_dealers',
  key: 'dealer_id',
  changedAt: 'archived_changed_at',
  columns: ['archived'],
};

/** Keeps a dealer's fields unless newer fields are already kept (events may arrive out of order). */
export async function saveDealerFields(
  manager: EntityManager,
  snapshot: DealerSnapshot,
  changedAt: string,
): Promise<void> {
  const values = KNOWN_DEALER_FIELDS.map((name) => snapshot[name] ?? null);
  await upsertIfNewer(manager, FIELDS_WRITE, snapshot.dealer_id, changedAt, values);
}

/** Archives or restores a dealer unless a newer archive/restore is already kept. */
export async function saveDealerArchived(
  manager: EntityManager,
  dealerId: string,
  archived: boolean,
  changedAt: string,
): Promise<void> {
  await upsertIfNewer(manager, ARCHIVED_WRITE, dealerId, changedAt, [archived]);
}

/** A deleted dealer orders no more; its fields stay for the history of its orders. Deletion is final. */
export async function markDealerDeleted(manager: EntityManager, dealerId: string): Promise<void> {
  await markDeletedForGood(manager, ARCHIVED_WRITE, dealerId);
}

export async function findKnownDealer(manager: EntityManager, dealerId: string): Promise<KnownDealer | null> {
  const rows: KnownDealer[] = await manager.query(
    'SELECT dealer_id, archived, deleted FROM known_dealers WHERE dealer_id = $1',
    [dealerId],
  );
  return rows[0] ?? null;
}
