import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dealer service's copy of the orders it counts on the admin dashboard (order_stats): the order service owns
 * them; order.created and order.updated feed this.
 */
export class KnownOrders1766100000000 implements MigrationInterface {
  name = 'KnownOrders1766100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE known_orders (
        order_id text PRIMARY KEY,
        status text NOT NULL,
        -- when the order service made the change the status comes from: an older event arriving late (or
        -- delivered again) never overwrites a newer status
        status_changed_at timestamptz NOT NULL,
        -- from order.created; null while only an order.updated has arrived
        created_at timestamptz
      )`);
    await q.query(`CREATE INDEX known_orders_pending_idx ON known_orders (order_id) WHERE status = 'pending'`);
    await q.query('CREATE INDEX known_orders_created_idx ON known_orders (created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE known_orders');
  }
}
