import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payments recorded in a period (identity's daily report): payments_order_idx leads with the order, so
 * without this a day's payments would be a scan of every payment.
 */
export class PaymentsCreatedIndex1769500000000 implements MigrationInterface {
  name = 'PaymentsCreatedIndex1769500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX payments_created_idx ON payments (created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX payments_created_idx');
  }
}
