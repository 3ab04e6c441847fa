import { TRIGRAM_EXTENSION, TRIGRAM_OPS } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The picture library in pages (issue 18): an index per order it pages by, each ending with the picture id
 * that breaks ties (newest first now breaks ties by the id descending, as keyset paging reads one direction),
 * and trigram indexes for the search of title and description.
 */
export class PictureList1767400000000 implements MigrationInterface {
  name = 'PictureList1767400000000';

  async up(q: QueryRunner): Promise<void> {
    // serialised with provisioning and with the other services' migrations creating it (same lock)
    await q.query('SELECT pg_advisory_xact_lock(7341001)');
    await q.query(TRIGRAM_EXTENSION);
    await q.query('CREATE INDEX pictures_newest_idx ON pictures (created_at, picture_id)');
    await q.query('DROP INDEX pictures_created_at_idx');
    await q.query('CREATE INDEX pictures_title_idx ON pictures (title, picture_id)');
    await q.query(`CREATE INDEX pictures_title_search_idx ON pictures USING gin (title ${TRIGRAM_OPS})`);
    await q.query(`CREATE INDEX pictures_description_search_idx ON pictures USING gin (description ${TRIGRAM_OPS})`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX pictures_description_search_idx');
    await q.query('DROP INDEX pictures_title_search_idx');
    await q.query('DROP INDEX pictures_title_idx');
    await q.query('CREATE INDEX pictures_created_at_idx ON pictures (created_at DESC, picture_id)');
    await q.query('DROP INDEX pictures_newest_idx');
  }
}
