import type { DealerSnapshot } from '@portal/contracts';
import { markDeletedForGood, type ReadModelWrite, upsertIfNewer, upsertManyIfNewer } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { copyDealersToFigures } from './figures';

/** The dealer fields the incentive service keeps: names for performance views, email for achievement mail. */
export const KNOWN_DEALER_FIELDS = [
  'business_name',
  'full_name',
  'email',
  'city',
  'state',
] as const satisfies readonly (keyof DealerSnapshot)[];

export interface KnownDealer {
  dealer_id: string;
  business_name: string | null;
  full_name: string | null;
  email: string | null;
  city: string | null;
  state: string | null;
}

const columns = KNOWN_DEALER_FIELDS.join(', ');
const FIELDS_WRITE = {
  table: 'dealers',
  key: 'dealer_id',
  changedAt: 'fields_changed_at',
  columns: KNOWN_DEALER_FIELDS,
  types: KNOWN_DEALER_FIELDS.map(() => 'text'),
};
const ARCHIVED_WRITE: ReadModelWrite = {
  table: 'dealers',
  key: 'dealer_id',
  changedAt: 'archived_changed_at',
  columns: ['archived'],
};

/**
 * Keeps dealers' fields unless newer fields are already kept (events may arrive out of order). One statement
 * for many dealers (a bulk import announces thousands); a dealer given twice keeps its newest snapshot. Every
 * write of a dealer row here also copies it into its figures row (the performance list's one table).
 */
export async function saveDealerFields(
  manager: EntityManager,
  dealers: readonly { snapshot: DealerSnapshot; changedAt: string }[],
): Promise<void> {
  await upsertManyIfNewer(
    manager,
    FIELDS_WRITE,
    dealers.map(({ snapshot, changedAt }) => ({
      key: snapshot.dealer_id,
      changedAt,
      values: KNOWN_DEALER_FIELDS.map((name) => snapshot[name] ?? null),
    })),
  );
  await copyDealersToFigures(
    manager,
    dealers.map(({ snapshot }) => snapshot.dealer_id),
  );
}

/** Archives or restores a dealer unless a newer archive/restore is already kept. */
export async function saveDealerArchived(
  manager: EntityManager,
  dealerId: string,
  archived: boolean,
  changedAt: string,
): Promise<void> {
  await upsertIfNewer(manager, ARCHIVED_WRITE, dealerId, changedAt, [archived]);
  await copyDealersToFigures(manager, [dealerId]);
}

/** A deleted dealer leaves the performance views and reaches no more tiers. Deletion is final. */
export async function markDealerDeleted(manager: EntityManager, dealerId: string): Promise<void> {
  await markDeletedForGood(manager, ARCHIVED_WRITE, dealerId);
  await copyDealersToFigures(manager, [dealerId]);
}

export async function findDealers(manager: EntityManager, dealerIds: readonly string[]): Promise<KnownDealer[]> {
  if (!dealerIds.length) return [];
  return manager.query(`SELECT dealer_id, ${columns} FROM dealers WHERE dealer_id = ANY($1::text[])`, [dealerIds]);
}
