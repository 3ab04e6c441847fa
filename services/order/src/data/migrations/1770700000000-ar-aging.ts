import { TRIGRAM_EXTENSION, TRIGRAM_OPS } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dealerSearchText } from '../statements';

/**
 * The AR aging report (issue 24) walks dealers in name order and keeps those with something unpaid, so its first
 * page reads a page of dealers, not every order:
 * - `known_dealers_name_idx`: the report's keyset order, (lower(business_name) nulls last, dealer_id), in the
 *   two expressions the platform's keyset compares a nullable key by;
 * - `orders_unpaid_dealer_idx`: each dealer's unpaid orders (non-cancelled, paid < total), a partial index that
 *   holds only what is owed (paid orders leave it), with what the buckets need so they are read from it alone;
 * - `known_dealers_search_idx`: the report's `q` (business name, contact name, email) as a trigram index.
 */
export class ArAging1770700000000 implements MigrationInterface {
  name = 'ArAging1770700000000';

  async up(q: QueryRunner): Promise<void> {
    // serialised with provisioning and with the other services' migrations creating it (same lock)
    await q.query('SELECT pg_advisory_xact_lock(7341001)');
    await q.query(TRIGRAM_EXTENSION);
    await q.query(
      `CREATE INDEX known_dealers_search_idx ON known_dealers USING gin ((${dealerSearchText()}) ${TRIGRAM_OPS})`,
    );
    await q.query(`
      CREATE INDEX known_dealers_name_idx
        ON known_dealers ((lower(business_name) IS NULL), (coalesce(lower(business_name), '')), dealer_id)`);
    await q.query(`
      CREATE INDEX orders_unpaid_dealer_idx ON orders (dealer_id) INCLUDE (confirmed_at, total_cents, paid_cents)
        WHERE status <> 'cancelled' AND paid_cents < total_cents`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX orders_unpaid_dealer_idx');
    await q.query('DROP INDEX known_dealers_name_idx');
    await q.query('DROP INDEX known_dealers_search_idx');
  }
}
