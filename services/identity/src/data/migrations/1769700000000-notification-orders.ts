import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Identity's notices beyond the claims (sent_notifications). What identity keeps of each order for its notices (from order.created and order.updated): the total it adds
 * to its month's revenue (0 once cancelled) for the revenue milestones, and a fingerprint of its lines, notes,
 * totals and payment, so an order.updated that changes none of them (a re-announcement) sends no update notice.
 */
export class NotificationOrders1769700000000 implements MigrationInterface {
  name = 'NotificationOrders1769700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notification_orders (
        order_id text PRIMARY KEY,
        dealer_id text NOT NULL,
        status text NOT NULL,
        -- what the order adds to its month's revenue: its total, 0 while cancelled
        counted_cents bigint NOT NULL,
        -- lines, notes, totals and payment as last announced
        content text NOT NULL,
        -- when the order was created (its month is counted in the system timezone); null until order.created came
        created_at timestamptz,
        -- the time of the event the status and totals came from: an older event arriving late changes nothing
        changed_at timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX notification_orders_created_at ON notification_orders (created_at)');
    // a notice claimed in a consumer's transaction and mailed after it commits (the new dealers of a bulk
    // import, one digest for many batches): pending until mailed, with what the mail needs to say
    await q.query(`ALTER TABLE sent_notifications ADD COLUMN pending boolean NOT NULL DEFAULT false,
      ADD COLUMN details jsonb`);
    await q.query(
      'CREATE INDEX sent_notifications_pending ON sent_notifications (kind, created_at, key) WHERE pending',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX sent_notifications_pending');
    await q.query('ALTER TABLE sent_notifications DROP COLUMN pending, DROP COLUMN details');
    await q.query('DROP TABLE notification_orders');
  }
}
