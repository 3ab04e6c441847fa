import type { DealerField, KnownDealer as KeptDealer } from '@portal/platform';
import type { EntityManager } from 'typeorm';

/** What identity keeps of a dealer (from dealer.* events): its name and phone for invitations and notices. */
export const KNOWN_DEALER_FIELDS = [
  'business_name',
  'full_name',
  'email',
  'phone',
] as const satisfies readonly DealerField[];

/**
 * Identity's dealer directory (platform `dealerDirectory`). A deleted dealer's row stays as a tombstone, so a
 * late event cannot bring it back; identity treats it as unknown.
 */
export const KNOWN_DEALERS = { table: 'known_dealers', fields: KNOWN_DEALER_FIELDS };

export type KnownDealer = Omit<KeptDealer<(typeof KNOWN_DEALER_FIELDS)[number]>, 'deleted'>;

/** A dealer identity has heard of and that is not deleted (its fields may still be unknown: null). */
export async function findKnownDealer(manager: EntityManager, dealerId: string): Promise<KnownDealer | null> {
  const rows: KnownDealer[] = await manager.query(
    `SELECT dealer_id, ${KNOWN_DEALER_FIELDS.join(', ')}, archived FROM known_dealers
      WHERE dealer_id = $1 AND NOT deleted`,
    [dealerId],
  );
  return rows[0] ?? null;
}
