import type { DealerSnapshot } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

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
const updates = KNOWN_DEALER_FIELDS.map((name) => `${name} = EXCLUDED.${name}`).join(', ');
const unnested = KNOWN_DEALER_FIELDS.map((_, i) => `$${i + 3}::text[]`).join(', ');

/**
 * Keeps dealers' fields unless newer fields are already kept (events may arrive out of order). One statement
 * for many dealers (a bulk import announces thousands); a dealer given twice keeps its newest snapshot.
 */
export async function saveDealerFields(
  manager: EntityManager,
  dealers: readonly { snapshot: DealerSnapshot; changedAt: string }[],
): Promise<void> {
  const newest = new Map<string, { snapshot: DealerSnapshot; changedAt: string }>();
  for (const dealer of dealers) {
    const kept = newest.get(dealer.snapshot.dealer_id);
    if (!kept || Date.parse(kept.changedAt) <= Date.parse(dealer.changedAt))
      newest.set(dealer.snapshot.dealer_id, dealer);
  }
  const rows = [...newest.values()].sort((a, b) => (a.snapshot.dealer_id < b.snapshot.dealer_id ? -1 : 1));
  if (!rows.length) return;
  await manager.query(
    `INSERT INTO dealers (dealer_id, fields_changed_at, ${columns})
     SELECT * FROM unnest($1::text[], $2::timestamptz[], ${unnested})
     ON CONFLICT (dealer_id) DO UPDATE SET ${updates}, fields_changed_at = EXCLUDED.fields_changed_at
     WHERE dealers.fields_changed_at IS NULL OR dealers.fields_changed_at <= EXCLUDED.fields_changed_at`,
    [
      rows.map((row) => row.snapshot.dealer_id),
      rows.map((row) => row.changedAt),
      ...KNOWN_DEALER_FIELDS.map((name) => rows.map((row) => row.snapshot[name] ?? null)),
    ],
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
    `INSERT INTO dealers (dealer_id, archived, archived_changed_at) VALUES ($1, $2, $3)
     ON CONFLICT (dealer_id) DO UPDATE SET archived = EXCLUDED.archived, archived_changed_at = EXCLUDED.archived_changed_at
     WHERE dealers.archived_changed_at IS NULL OR dealers.archived_changed_at <= EXCLUDED.archived_changed_at`,
    [dealerId, archived, changedAt],
  );
}

/** A deleted dealer leaves the performance views and reaches no more tiers. Deletion is final. */
export async function markDealerDeleted(manager: EntityManager, dealerId: string): Promise<void> {
  await manager.query(
    `INSERT INTO dealers (dealer_id, deleted) VALUES ($1, true)
     ON CONFLICT (dealer_id) DO UPDATE SET deleted = true`,
    [dealerId],
  );
}

export async function findDealers(manager: EntityManager, dealerIds: readonly string[]): Promise<KnownDealer[]> {
  if (!dealerIds.length) return [];
  return manager.query(`SELECT dealer_id, ${columns} FROM dealers WHERE dealer_id = ANY($1::text[])`, [dealerIds]);
}
