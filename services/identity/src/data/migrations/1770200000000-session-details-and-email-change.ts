import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23: what a user sees of their sessions (when each was last seen, from which address and browser),
 * and pending changes of a sign-in email, each waiting for the link mailed to the new address. Only the
 * hash of a link's token is stored.
 */
export class SessionDetailsAndEmailChange1770200000000 implements MigrationInterface {
  name = 'SessionDetailsAndEmailChange1770200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE sessions
        ADD COLUMN last_seen_at timestamptz,
        ADD COLUMN ip_address text,
        ADD COLUMN user_agent text`);
    await q.query('UPDATE sessions SET last_seen_at = created_at');
    await q.query(
      'ALTER TABLE sessions ALTER COLUMN last_seen_at SET DEFAULT now(), ALTER COLUMN last_seen_at SET NOT NULL',
    );
    await q.query(`
      CREATE TABLE email_changes (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        new_email text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query('CREATE INDEX email_changes_user_idx ON email_changes (user_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE email_changes');
    await q.query('ALTER TABLE sessions DROP COLUMN user_agent, DROP COLUMN ip_address, DROP COLUMN last_seen_at');
  }
}
