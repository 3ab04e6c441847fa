import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A dealer's geocoding history in pages (issue 18): newest first is the existing (dealer_id, id DESC) index;
 * by time, this one, ending with the id that breaks ties.
 */
export class GeocodingHistoryPages1767500000000 implements MigrationInterface {
  name = 'GeocodingHistoryPages1767500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX geocoding_history_time_idx ON geocoding_history (dealer_id, occurred_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX geocoding_history_time_idx');
  }
}
