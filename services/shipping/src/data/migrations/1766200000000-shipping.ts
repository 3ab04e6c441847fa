import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Shipments and their orders, the route settings, and the read models of orders and dealers (shipping schema). */
export class Shipping1766200000000 implements MigrationInterface {
  name = 'Shipping1766200000000';

  async up(q: QueryRunner): Promise<void> {
    // what the order service announced (order.created / order.updated); the order service owns the status
    await q.query(`
      CREATE TABLE known_orders (
        order_id text PRIMARY KEY,
        dealer_id text NOT NULL,
        status text NOT NULL,
        total_cents bigint NOT NULL,
        -- the event's lines: [{product_id, title, quantity, price_cents, is_custom}]
        items jsonb NOT NULL,
        notes text,
        -- from order.created; null while only an order.updated has arrived
        created_at timestamptz,
        -- when the state above was true: an older event arriving late (or again) never overwrites a newer state;
        -- shipping's own requests (create-shipment, update-order-status) write their time here too
        changed_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX known_orders_confirmed_idx ON known_orders (created_at) WHERE status = 'confirmed'`);
    // what the dealer service (fields) and the geocoding service (coordinates) announced, each part with its time
    await q.query(`
      CREATE TABLE known_dealers (
        dealer_id text PRIMARY KEY,
        business_name text,
        full_name text,
        email text,
        phone text,
        address text,
        city text,
        state text,
        zip_code text,
        fields_changed_at timestamptz,
        lat double precision,
        lng double precision,
        geocoded_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE shipments (
        shipment_id text PRIMARY KEY,
        shipment_name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        created_by text,
        route_mode text NOT NULL DEFAULT 'original'
          CHECK (route_mode IN ('original', 'closest_first', 'closest_last', 'manual', 'optimized')),
        -- the dealer ids in route order, kept for manual and optimized
        stop_sequence text[] NOT NULL DEFAULT '{}',
        -- dealer ids whose stop Optimise keeps in place
        locked_stops text[] NOT NULL DEFAULT '{}'
      )`);
    await q.query('CREATE INDEX shipments_newest_idx ON shipments (created_at DESC, shipment_id DESC)');
    // an order is in one shipment at most (the unique order_id backs the check of create-shipment)
    await q.query(`
      CREATE TABLE shipment_orders (
        shipment_id text NOT NULL REFERENCES shipments ON DELETE CASCADE,
        order_id text NOT NULL UNIQUE,
        -- the order in which the orders were selected: the original route visits dealers in this order
        position integer NOT NULL,
        PRIMARY KEY (shipment_id, order_id)
      )`);
    await q.query(`
      CREATE TABLE route_settings (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        start_label text,
        start_lat double precision,
        start_lng double precision,
        average_speed_mph double precision NOT NULL DEFAULT 45,
        service_minutes integer NOT NULL DEFAULT 15
      )`);
    await q.query('INSERT INTO route_settings (id) VALUES (true)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE route_settings');
    await q.query('DROP TABLE shipment_orders');
    await q.query('DROP TABLE shipments');
    await q.query('DROP TABLE known_dealers');
    await q.query('DROP TABLE known_orders');
  }
}
