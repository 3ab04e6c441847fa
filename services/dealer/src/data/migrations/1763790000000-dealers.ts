import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Dealers1763790000000 implements MigrationInterface {
  name = 'Dealers1763790000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dealers (
        dealer_id text PRIMARY KEY CHECK (dealer_id ~ '^[A-Za-z0-9_-]{1,64}$'),
        business_name text,
        full_name text,
        email text NOT NULL CHECK (email = lower(email)),
        phone text,
        address text,
        city text,
        state text CHECK (char_length(state) <= 2),
        zip_code text,
        website text,
        description text,
        specialties text[] NOT NULL DEFAULT '{}',
        business_type text,
        zone text,
        use_own_website boolean NOT NULL DEFAULT true,
        enable_website boolean NOT NULL DEFAULT false,
        -- when the current header image was stored (ms since epoch, versions its URL); null: no image
        header_image_version bigint,
        published_at timestamptz,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('pending', 'active', 'archived')),
        archived_at timestamptz,
        -- whether dealer.created was emitted: a pending applicant is announced only when approved
        announced boolean NOT NULL DEFAULT true,
        preview_token_hash text,
        preview_expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE UNIQUE INDEX dealers_email_key ON dealers (email)');
    // the active list (one query, sorted by state) and the per-state counts read this index
    await q.query('CREATE INDEX dealers_status_state_idx ON dealers (status, state, business_name)');
    await q.query(`
      CREATE TABLE dealer_notes (
        note_id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        dealer_id text NOT NULL REFERENCES dealers (dealer_id) ON DELETE CASCADE,
        note_text text NOT NULL,
        created_by_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX dealer_notes_dealer_idx ON dealer_notes (dealer_id, created_at DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE dealer_notes');
    await q.query('DROP TABLE dealers');
  }
}
