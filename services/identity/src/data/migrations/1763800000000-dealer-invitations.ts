import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DealerInvitations1763800000000 implements MigrationInterface {
  name = 'DealerInvitations1763800000000';

  async up(q: QueryRunner): Promise<void> {
    // only sha256(token) is kept: a leaked table does not give working links
    await q.query(`
      CREATE TABLE dealer_invitations (
        token_hash text PRIMARY KEY,
        dealer_id text NOT NULL,
        email text NOT NULL,
        business_name text,
        full_name text,
        phone text,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query('CREATE INDEX dealer_invitations_dealer_idx ON dealer_invitations (dealer_id)');
    // what identity knows of each dealer, kept from the dealer service's events
    await q.query(`
      CREATE TABLE invitation_dealers (
        dealer_id text PRIMARY KEY,
        business_name text,
        full_name text,
        email text NOT NULL,
        phone text,
        archived boolean NOT NULL DEFAULT false
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE invitation_dealers');
    await q.query('DROP TABLE dealer_invitations');
  }
}
