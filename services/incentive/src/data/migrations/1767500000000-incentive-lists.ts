import { TRIGRAM_EXTENSION, TRIGRAM_OPS } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The incentive lists in pages (issue 18).
 *
 * dealer-performance becomes one table: `dealer_figures` keeps a copy of each dealer's name, city, state and
 * whether it is shown (`active`), written with the dealer rows (data/dealers.ts), and has a row for every known
 * dealer (zeros until its first order). So every sort, the state filter and the search of the list are answered
 * by an index of that one table. The kept answer and its `performance_version` counter go: a page is an index
 * scan, and the whole list is read as seldom as the specification's clients ask for it.
 *
 * Each sort has an index on exactly the key the list pages by, ending with the id that breaks ties. The lists
 * whose order is "newest first, ties by id ascending" page by the negated time
 * (`-extract(epoch FROM achieved_at AT TIME ZONE 'UTC')`, exact to the microsecond), so one ascending key holds
 * both directions. The repositories use exactly these expressions.
 */
export class IncentiveLists1767500000000 implements MigrationInterface {
  name = 'IncentiveLists1767500000000';

  async up(q: QueryRunner): Promise<void> {
    // serialised with provisioning and with the other services' migrations creating it (same lock)
    await q.query('SELECT pg_advisory_xact_lock(7341001)');
    await q.query(TRIGRAM_EXTENSION);

    await q.query('DROP TRIGGER dealers_moves_performance_version ON dealers');
    await q.query('DROP TRIGGER dealer_figures_moves_performance_version ON dealer_figures');
    await q.query('DROP FUNCTION bump_performance_version()');
    await q.query('DROP TABLE performance_version');

    await q.query(`
      ALTER TABLE dealer_figures
        ADD COLUMN business_name text,
        ADD COLUMN full_name text,
        ADD COLUMN city text,
        ADD COLUMN state text,
        ADD COLUMN active boolean NOT NULL DEFAULT true`);
    await q.query(`
      INSERT INTO dealer_figures (dealer_id, business_name, full_name, city, state, active)
      SELECT dealer_id, business_name, full_name, city, state, NOT (archived OR deleted) FROM dealers
      ORDER BY dealer_id
      ON CONFLICT (dealer_id) DO UPDATE SET business_name = EXCLUDED.business_name, full_name = EXCLUDED.full_name,
        city = EXCLUDED.city, state = EXCLUDED.state, active = EXCLUDED.active`);

    const page = (name: string, key: string) =>
      q.query(`CREATE INDEX dealer_figures_page_${name}_idx ON dealer_figures (${key}, dealer_id) WHERE active`);
    // the default: revenue, highest first, ties by dealer id ascending
    await page('rank', '(-revenue_cents)');
    await page('revenue', 'revenue_cents');
    await page('orders', 'orders');
    await page('items', 'items');
    await page('avg', '(CASE WHEN orders > 0 THEN round(revenue_cents::numeric / orders) ELSE 0 END)');
    await page('paid', 'paid_cents');
    await page('business_name', "(business_name IS NULL), coalesce(business_name, '')");
    await page('state_rank', 'state, (-revenue_cents)');
    // the searched fields, one per line: a search never spans two (the repository refuses a newline in it)
    const searched = `(coalesce(business_name, '') || E'\\n' || coalesce(full_name, '') || E'\\n' || dealer_id)`;
    await q.query(
      `CREATE INDEX dealer_figures_search_idx ON dealer_figures USING gin (${searched} ${TRIGRAM_OPS}) WHERE active`,
    );
    // a program's achievements searched by dealer name
    await q.query(`CREATE INDEX dealers_search_idx ON dealers USING gin (${searched} ${TRIGRAM_OPS})`);

    const newest = "(-extract(epoch FROM (achieved_at AT TIME ZONE 'UTC')))";
    const pending = 'WHERE notify_dealer AND handled_at IS NULL';
    await q.query('DROP INDEX achievements_program_idx');
    await q.query('DROP INDEX achievements_pending_idx');
    await q.query(`CREATE INDEX achievements_page_newest_idx ON achievements (program_id, ${newest}, id)`);
    await q.query('CREATE INDEX achievements_page_achieved_idx ON achievements (program_id, achieved_at, id)');
    await q.query('CREATE INDEX achievements_dealer_idx ON achievements (dealer_id, program_id)');
    await q.query(`CREATE INDEX achievements_pending_newest_idx ON achievements (${newest}, id) ${pending}`);
    await q.query(`CREATE INDEX achievements_pending_achieved_idx ON achievements (achieved_at, id) ${pending}`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const name of ['page_newest', 'page_achieved', 'dealer', 'pending_newest', 'pending_achieved'])
      await q.query(`DROP INDEX achievements_${name}_idx`);
    await q.query('CREATE INDEX achievements_program_idx ON achievements (program_id, achieved_at DESC)');
    await q.query(
      'CREATE INDEX achievements_pending_idx ON achievements (achieved_at DESC) WHERE notify_dealer AND handled_at IS NULL',
    );
    await q.query('DROP INDEX dealers_search_idx');
    await q.query('DROP INDEX dealer_figures_search_idx');
    for (const name of ['rank', 'revenue', 'orders', 'items', 'avg', 'paid', 'business_name', 'state_rank'])
      await q.query(`DROP INDEX dealer_figures_page_${name}_idx`);
    await q.query(
      'ALTER TABLE dealer_figures DROP COLUMN business_name, DROP COLUMN full_name, DROP COLUMN city, DROP COLUMN state, DROP COLUMN active',
    );
    await q.query('DELETE FROM dealer_figures WHERE revenue_cents = 0 AND orders = 0 AND items = 0 AND paid_cents = 0');
    await q.query(`
      CREATE TABLE performance_version (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        version bigint NOT NULL
      )`);
    await q.query('INSERT INTO performance_version (version) VALUES (1)');
    await q.query(`
      CREATE FUNCTION bump_performance_version() RETURNS trigger LANGUAGE plpgsql
      SET search_path FROM CURRENT AS $$
      BEGIN
        UPDATE performance_version SET version = version + 1;
        RETURN NULL;
      END $$`);
    for (const table of ['dealer_figures', 'dealers']) {
      await q.query(`
        CREATE TRIGGER ${table}_moves_performance_version
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION bump_performance_version()`);
    }
  }
}
