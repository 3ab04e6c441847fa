import { TRIGRAM_EXTENSION, TRIGRAM_OPS } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Only the admin and delivery users: the dealer logins, most of the table, are never in the staff list. */
const STAFF = "WHERE role IN ('admin', 'delivery')";

/**
 * The admin and delivery users in pages (issue 18): an index per order the list pages by, each ending with the
 * (unique) email that breaks ties, and trigram indexes for the search of name and email; all of them over the
 * staff rows only.
 */
export class StaffUserList1767400000000 implements MigrationInterface {
  name = 'StaffUserList1767400000000';

  async up(q: QueryRunner): Promise<void> {
    // serialised with provisioning and with the other services' migrations creating it (same lock)
    await q.query('SELECT pg_advisory_xact_lock(7341001)');
    await q.query(TRIGRAM_EXTENSION);
    await q.query(`CREATE INDEX users_staff_created_at_idx ON users (created_at, email) ${STAFF}`);
    await q.query(`CREATE INDEX users_staff_email_idx ON users (email) ${STAFF}`);
    await q.query(`CREATE INDEX users_staff_full_name_idx ON users (full_name, email) ${STAFF}`);
    await q.query(`CREATE INDEX users_staff_role_idx ON users (role, email) ${STAFF}`);
    await q.query(`CREATE INDEX users_staff_name_search_idx ON users USING gin (full_name ${TRIGRAM_OPS}) ${STAFF}`);
    await q.query(`CREATE INDEX users_staff_email_search_idx ON users USING gin (email ${TRIGRAM_OPS}) ${STAFF}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const name of ['created_at', 'email', 'full_name', 'role', 'name_search', 'email_search'])
      await q.query(`DROP INDEX users_staff_${name}_idx`);
  }
}
