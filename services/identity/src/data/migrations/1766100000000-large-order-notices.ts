import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The large-order notices sent (or dropped while notification mail was off), one per order: recorded in the
 * transaction that applies order.created, so an order announced again never mails twice.
 */
export class LargeOrderNotices1766100000000 implements MigrationInterface {
  name = 'LargeOrderNotices1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE large_order_notices (
        order_id text PRIMARY KEY,
        sent_to text NOT NULL,
        -- the mail's Message-ID; null when notification mail was turned off in the Email Settings
        message_id text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE large_order_notices');
  }
}
