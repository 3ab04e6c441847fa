import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Users1763780000000 implements MigrationInterface {
  name = 'Users1763780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        email text NOT NULL,
        full_name text NOT NULL,
        role text NOT NULL CHECK (role IN ('admin', 'dealer', 'delivery')),
        password_hash text NOT NULL,
        dealer_id text,
        is_active boolean NOT NULL DEFAULT true,
        last_login timestamptz,
        created_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_email_lower CHECK (email = lower(email))
      )`);
    await q.query('CREATE UNIQUE INDEX users_email_key ON users (email)');
    await q.query('CREATE UNIQUE INDEX users_dealer_id_key ON users (dealer_id) WHERE dealer_id IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE users');
  }
}
