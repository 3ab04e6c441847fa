import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The order service's copy of the system settings it needs (identity owns them): the system timezone, in which
 * the orders lists count their from/to days. One row at most, fed by settings.timezone_changed; until identity
 * announces a timezone there is no row and the contract's default (America/Chicago) applies.
 */
export class SystemSettings1767700000000 implements MigrationInterface {
  name = 'SystemSettings1767700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE system_settings (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        system_timezone text NOT NULL DEFAULT 'America/Chicago',
        -- when identity changed it: an older event arriving late never overwrites a newer timezone
        changed_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE system_settings');
  }
}
