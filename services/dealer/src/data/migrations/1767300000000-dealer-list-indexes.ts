import { TRIGRAM_EXTENSION, TRIGRAM_OPS } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dealer lists in pages (issue 18): one index per sort, led by the status (each list is one status) and
 * ending with the dealer id that breaks ties, on exactly the key the list pages by (a nullable column keys as
 * `(col IS NULL), coalesce(col, '')`, which keeps PostgreSQL's null order); a trigram index for the text
 * search over one expression of the searched fields (the repository searches exactly that expression); the
 * phone's digits, generated, with their own trigram index; status and zone for the zone filter and the counts;
 * a dealer's notes by date.
 */
export class DealerListIndexes1767300000000 implements MigrationInterface {
  name = 'DealerListIndexes1767300000000';

  async up(q: QueryRunner): Promise<void> {
    // serialised with provisioning and with the other services' migrations creating it (same lock)
    await q.query('SELECT pg_advisory_xact_lock(7341001)');
    await q.query(TRIGRAM_EXTENSION);
    await q.query(
      `ALTER TABLE dealers ADD COLUMN phone_digits text GENERATED ALWAYS AS (regexp_replace(phone, '\\D', '', 'g')) STORED`,
    );
    const key = (column: string) => `(${column} IS NULL), coalesce(${column}, '')`;
    await q.query(
      `CREATE INDEX dealers_list_business_name_idx ON dealers (status, ${key('business_name')}, dealer_id)`,
    );
    await q.query(
      `CREATE INDEX dealers_list_state_idx ON dealers (status, ${key('state')}, ${key('business_name')}, dealer_id)`,
    );
    await q.query(`CREATE INDEX dealers_list_city_idx ON dealers (status, ${key('city')}, dealer_id)`);
    await q.query(`CREATE INDEX dealers_list_zone_idx ON dealers (status, ${key('zone')}, dealer_id)`);
    await q.query('CREATE INDEX dealers_list_created_at_idx ON dealers (status, created_at, dealer_id)');
    await q.query(
      `CREATE INDEX dealers_list_archived_at_idx ON dealers
         (status, (archived_at IS NULL), coalesce(archived_at, '-infinity'::timestamptz), dealer_id)`,
    );
    // the zone filter and the count of a list's first page (index-only: small, by status then zone); the state
    // filter reads dealers_status_state_idx (status, state, business_name)
    await q.query('CREATE INDEX dealers_status_zone_idx ON dealers (status, zone)');
    // the searched fields, one per line: a search never spans two (the repository refuses a newline in it)
    await q.query(`CREATE INDEX dealers_search_idx ON dealers USING gin ((
        coalesce(business_name, '') || E'\\n' || coalesce(full_name, '') || E'\\n' || email || E'\\n' ||
        coalesce(city, '') || E'\\n' || coalesce(state, '') || E'\\n' || dealer_id
      ) ${TRIGRAM_OPS})`);
    await q.query(`CREATE INDEX dealers_phone_digits_idx ON dealers USING gin (phone_digits ${TRIGRAM_OPS})`);
    await q.query('CREATE INDEX dealer_notes_page_idx ON dealer_notes (dealer_id, created_at, note_id)');
    await q.query('DROP INDEX dealer_notes_dealer_idx');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX dealer_notes_dealer_idx ON dealer_notes (dealer_id, created_at DESC)');
    await q.query('DROP INDEX dealer_notes_page_idx');
    for (const name of ['business_name', 'state', 'city', 'zone', 'created_at', 'archived_at'])
      await q.query(`DROP INDEX dealers_list_${name}_idx`);
    await q.query('DROP INDEX dealers_status_zone_idx');
    await q.query('DROP INDEX dealers_search_idx');
    await q.query('DROP INDEX dealers_phone_digits_idx');
    await q.query('ALTER TABLE dealers DROP COLUMN phone_digits');
  }
}
