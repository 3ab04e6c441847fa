import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in of staff users (issue 23): the TOTP secret of a user (sealed with
 * SETTINGS_ENCRYPTION_KEY; pending until confirmed), its recovery codes (hashed, each used once) and the
 * challenges between the password step and the code step (the mfa_token, hashed).
 */
export class StaffMfa1770300000000 implements MigrationInterface {
  name = 'StaffMfa1770300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE user_mfa (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        secret_sealed text NOT NULL,
        -- null while the secret waits to be confirmed by a first code
        enabled_at timestamptz,
        -- the TOTP time step of the last accepted code: a code of that step or an earlier one is refused
        last_used_step bigint,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE mfa_recovery_codes (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (user_id, code_hash)
      )`);
    await q.query(`
      CREATE TABLE mfa_challenges (
        token_hash text PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        -- codes tried with this token; it is void once they reach the limit
        attempts integer NOT NULL DEFAULT 0,
        -- the sign-in must enrol the second factor (require_admin_mfa) before it completes
        enrolling boolean NOT NULL DEFAULT false
      )`);
    await q.query('CREATE INDEX mfa_challenges_expires_at_idx ON mfa_challenges (expires_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE mfa_challenges');
    await q.query('DROP TABLE mfa_recovery_codes');
    await q.query('DROP TABLE user_mfa');
  }
}
