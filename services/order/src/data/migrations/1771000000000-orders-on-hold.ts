import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The orders lists' `on_hold=true` filter (the orders waiting for an admin to release their credit hold, issue 24):
 * a partial index of the held orders in the default order (newest first, the order id breaking ties), so the first
 * page and its total read only the held orders, however many others there are. Its predicate is the filter's SQL,
 * `o.on_hold`, as written in data/order-list.ts.
 */
export class OrdersOnHold1771000000000 implements MigrationInterface {
  name = 'OrdersOnHold1771000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX orders_on_hold_idx ON orders (created_at, order_id) WHERE on_hold');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX orders_on_hold_idx');
  }
}
