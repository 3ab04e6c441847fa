import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where is my order (issue 24): the facts of an order's timeline that the order did not keep. Each shipment that
 * took the order is a row of its own (an order taken off a route and put on another has both; the timeline shows
 * the latest), filled from shipping's events as they arrive, in any order: shipment.created gives when it went on
 * the route, shipment.departed the route's name, when it left and the order's stop ETA. `departure_event_at` is
 * the departure event's own time, so an older departure redelivered late never overwrites a newer one. Orders
 * keep when they were cancelled (cleared when reopened); orders cancelled before this migration take their last
 * change as that time.
 */
export class OrderTimeline1770800000000 implements MigrationInterface {
  name = 'OrderTimeline1770800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE order_shipments (
        order_id text NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
        shipment_id text NOT NULL,
        -- shipment.created's time: when the order went on the route; null while only its departure arrived
        assigned_at timestamptz,
        shipment_name text,
        departed_at timestamptz,
        -- departed_at plus the stop's ETA; null when the stop has no coordinates
        eta_at timestamptz,
        departure_event_at timestamptz,
        PRIMARY KEY (order_id, shipment_id)
      )`);
    await q.query('ALTER TABLE orders ADD COLUMN cancelled_at timestamptz');
    await q.query(`UPDATE orders SET cancelled_at = updated_at WHERE status = 'cancelled'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE orders DROP COLUMN cancelled_at');
    await q.query('DROP TABLE order_shipments');
  }
}
