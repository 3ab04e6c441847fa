import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sessions: every access token names one (claim `sid`). Revoking a session stamps it with the next
 * `session_revoke_seq`, so other services can follow revocations with a cursor. Rows outlive their user
 * (no foreign key): a deleted user's sessions must still be announced as revoked until they expire.
 * Also: a dealer login created before identity heard of its dealer is marked `awaiting_dealer_since`.
 */
export class Sessions1763900000000 implements MigrationInterface {
  name = 'Sessions1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE SEQUENCE session_revoke_seq');
    await q.query(`
      CREATE TABLE sessions (
        sid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoke_seq bigint UNIQUE,
        CONSTRAINT sessions_revoked_together CHECK ((revoked_at IS NULL) = (revoke_seq IS NULL))
      )`);
    await q.query('CREATE INDEX sessions_open_by_user_idx ON sessions (user_id) WHERE revoked_at IS NULL');
    await q.query('CREATE INDEX sessions_expires_idx ON sessions (expires_at)');
    await q.query('ALTER TABLE users ADD COLUMN awaiting_dealer_since timestamptz');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE users DROP COLUMN awaiting_dealer_since');
    await q.query('DROP TABLE sessions');
    await q.query('DROP SEQUENCE session_revoke_seq');
  }
}
