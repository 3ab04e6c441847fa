import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Pictures1765100000000 implements MigrationInterface {
  name = 'Pictures1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE pictures (
        picture_id uuid PRIMARY KEY,
        title text NOT NULL CHECK (btrim(title) <> ''),
        description text,
        category text,
        -- the upload as sent (kept for download and print) and its two WebP renditions; keys are random, never
        -- derived from the uploaded name
        original_key text NOT NULL,
        original_name text NOT NULL,
        content_type text NOT NULL,
        file_size bigint NOT NULL CHECK (file_size > 0),
        thumbnail_key text NOT NULL,
        preview_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // both lists read the library newest first
    await q.query('CREATE INDEX pictures_created_at_idx ON pictures (created_at DESC, picture_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE pictures');
  }
}
