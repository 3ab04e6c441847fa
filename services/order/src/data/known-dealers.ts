import type { DealerField, KnownDealer as KeptDealer } from '@portal/platform';
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
] as const satisfies readonly DealerField[];

/**
 * The order service's dealer directory (platform `dealerDirectory`): a deleted dealer orders no more, and its
 * fields stay for the history of its orders.
 */
export const KNOWN_DEALERS = { table: 'known_dealers', fields: KNOWN_DEALER_FIELDS };

export type KnownDealer = Pick<KeptDealer<(typeof KNOWN_DEALER_FIELDS)[number]>, 'dealer_id' | 'archived' | 'deleted'>;

export async function findKnownDealer(manager: EntityManager, dealerId: string): Promise<KnownDealer | null> {
  const rows: KnownDealer[] = await manager.query(
    'SELECT dealer_id, archived, deleted FROM known_dealers WHERE dealer_id = $1',
    [dealerId],
  );
  return rows[0] ?? null;
}
