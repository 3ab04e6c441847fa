import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * known_dealers becomes the platform's dealer directory: shipping now also hears dealer.archived, restored and
 * deleted, kept with their times like the other services' copies. Kept rows stay; an archive that happened
 * before this migration was never heard, so every kept dealer starts active and not deleted, with its archive
 * time unknown (null: the first archive or restore to arrive applies).
 */
export class KnownDealerDirectory1768000000000 implements MigrationInterface {
  name = 'KnownDealerDirectory1768000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE known_dealers
        ADD COLUMN archived boolean NOT NULL DEFAULT false,
        ADD COLUMN archived_changed_at timestamptz,
        ADD COLUMN deleted boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE known_dealers DROP COLUMN deleted, DROP COLUMN archived_changed_at, DROP COLUMN archived',
    );
  }
}
