import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The dealer service's copy of the configured zones (identity owns them; settings.zones_changed feeds this). */
export class ConfiguredZones1764000000000 implements MigrationInterface {
  name = 'ConfiguredZones1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE configured_zones (
        singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        zones text[] NOT NULL,
        -- when identity changed them: an older event arriving late never overwrites a newer list
        changed_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE configured_zones');
  }
}
