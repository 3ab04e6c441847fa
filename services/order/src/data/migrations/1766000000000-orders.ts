import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Orders, their lines and payments, and the read models of dealers and products (in the order schema). */
export class Orders1766000000000 implements MigrationInterface {
  name = 'Orders1766000000000';

  async up(q: QueryRunner): Promise<void> {
    // what the dealer service announced; each part keeps the time of the event it came from, so an older
    // event arriving late never overwrites a newer one
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
        archived boolean NOT NULL DEFAULT false,
        archived_changed_at timestamptz,
        -- a deleted dealer stays for the history of its orders but orders no more
        deleted boolean NOT NULL DEFAULT false
      )`);
    await q.query(`
      CREATE TABLE known_products (
        product_id text PRIMARY KEY,
        title text NOT NULL,
        description text,
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        status text NOT NULL CHECK (status IN ('active', 'inactive', 'admin_only')),
        image_filename text,
        deleted boolean NOT NULL DEFAULT false,
        changed_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE orders (
        order_id text PRIMARY KEY,
        dealer_id text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'in_shipment', 'shipped', 'delivered', 'cancelled')),
        notes text,
        -- integer cents; the lines' sum (tax is 0) and the payments' sum, kept with the row that is locked
        total_cents bigint NOT NULL CHECK (total_cents >= 0),
        paid_cents bigint NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        -- a dealer's submit with an Idempotency-Key: the same key answers the same order
        idempotency_key text,
        request_fingerprint text,
        CHECK (paid_cents <= total_cents),
        UNIQUE (dealer_id, idempotency_key)
      )`);
    await q.query('CREATE INDEX orders_newest_idx ON orders (created_at DESC, order_id DESC)');
    await q.query('CREATE INDEX orders_dealer_newest_idx ON orders (dealer_id, created_at DESC, order_id DESC)');
    await q.query(`
      CREATE TABLE order_lines (
        order_id text NOT NULL REFERENCES orders ON DELETE CASCADE,
        position integer NOT NULL,
        product_id text NOT NULL,
        -- a snapshot taken when the line was added: later catalogue changes do not rewrite the order
        title text NOT NULL,
        description text,
        quantity integer NOT NULL CHECK (quantity > 0),
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        is_custom boolean NOT NULL,
        PRIMARY KEY (order_id, position)
      )`);
    await q.query(`
      CREATE TABLE payments (
        payment_id text PRIMARY KEY,
        order_id text NOT NULL REFERENCES orders ON DELETE CASCADE,
        payment_method text NOT NULL CHECK (payment_method IN ('cash', 'card', 'check', 'other')),
        amount_cents bigint NOT NULL CHECK (amount_cents > 0),
        check_number text,
        notes text,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query('CREATE INDEX payments_order_idx ON payments (order_id, created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE payments, order_lines, orders, known_products, known_dealers');
  }
}
