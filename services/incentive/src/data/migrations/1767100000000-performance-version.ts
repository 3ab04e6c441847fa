import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One counter that moves with every statement that writes dealer_figures or dealers (statement triggers, so no
 * writer can forget it). The dealer-performance answer is kept per counter value: checking that it is still
 * right is one row read instead of a scan of both tables. The counter is a row, not a sequence: its new value
 * is seen only once the change that moved it is committed, so an answer is never tagged newer than its rows.
 */
export class PerformanceVersion1767100000000 implements MigrationInterface {
  name = 'PerformanceVersion1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE performance_version (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        version bigint NOT NULL
      )`);
    await q.query('INSERT INTO performance_version (version) VALUES (1)');
    // search_path pinned: the triggers run inside every writer's transaction, whatever its path
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

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TRIGGER dealers_moves_performance_version ON dealers');
    await q.query('DROP TRIGGER dealer_figures_moves_performance_version ON dealer_figures');
    await q.query('DROP FUNCTION bump_performance_version()');
    await q.query('DROP TABLE performance_version');
  }
}
