import type { DealerField, KnownDealer as KeptDealer } from '@portal/platform';
import type { EntityManager } from 'typeorm';

/** The dealer fields the incentive service keeps: names for performance views, email for achievement mail. */
export const KNOWN_DEALER_FIELDS = [
  'business_name',
  'full_name',
  'email',
  'city',
  'state',
] as const satisfies readonly DealerField[];

/**
 * The incentive service's dealer directory (platform `dealerDirectory`): a deleted dealer leaves the
 * performance views and reaches no more tiers.
 */
export const KNOWN_DEALERS = { table: 'dealers', fields: KNOWN_DEALER_FIELDS };

export type KnownDealer = Omit<KeptDealer<(typeof KNOWN_DEALER_FIELDS)[number]>, 'archived' | 'deleted'>;

const columns = KNOWN_DEALER_FIELDS.join(', ');

export async function findDealers(manager: EntityManager, dealerIds: readonly string[]): Promise<KnownDealer[]> {
  if (!dealerIds.length) return [];
  return manager.query(`SELECT dealer_id, ${columns} FROM dealers WHERE dealer_id = ANY($1::text[])`, [dealerIds]);
}
