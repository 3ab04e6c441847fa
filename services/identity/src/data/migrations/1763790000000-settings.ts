import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The organisation's settings: one row per kind (company, system, email, notifications), the value as JSON. */
export class Settings1763790000000 implements MigrationInterface {
  name = 'Settings1763790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE settings (
        kind text PRIMARY KEY CHECK (kind IN ('company', 'system', 'email', 'notifications')),
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by text
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE settings');
  }
}
