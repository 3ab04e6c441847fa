import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The incentive schema: what the service heard of dealers and orders (from events only), each dealer's figures,
 * and the programs, their tiers and the achievements. See docs/incentives.md.
 */
export class Incentives1767000000000 implements MigrationInterface {
  name = 'Incentives1767000000000';

  async up(q: QueryRunner): Promise<void> {
    // dealer.created/updated/archived/restored/deleted; each part keeps the time of the event it came from, so
    // an older event arriving late never overwrites a newer one
    await q.query(`
      CREATE TABLE dealers (
        dealer_id text PRIMARY KEY,
        business_name text,
        full_name text,
        email text,
        city text,
        state text,
        fields_changed_at timestamptz,
        archived boolean NOT NULL DEFAULT false,
        archived_changed_at timestamptz,
        deleted boolean NOT NULL DEFAULT false
      )`);
    // one row per order from order.created, order.updated and payment.recorded. The order's state (status,
    // total, items) and its paid total each keep the time of the event they came from (an older event never
    // overwrites a newer state; the same event twice changes nothing). created_at stays null until
    // order.created arrives (an order.updated may come first).
    await q.query(`
      CREATE TABLE orders (
        order_id text PRIMARY KEY,
        dealer_id text NOT NULL,
        status text CHECK (status IN ('pending', 'confirmed', 'in_shipment', 'shipped', 'delivered', 'cancelled')),
        total_cents bigint NOT NULL DEFAULT 0 CHECK (total_cents >= 0),
        item_count integer NOT NULL DEFAULT 0 CHECK (item_count >= 0),
        paid_cents bigint NOT NULL DEFAULT 0 CHECK (paid_cents >= 0),
        created_at timestamptz,
        state_at timestamptz,
        paid_at timestamptz
      )`);
    await q.query('CREATE INDEX orders_dealer_created_idx ON orders (dealer_id, created_at)');
    await q.query('CREATE INDEX orders_created_idx ON orders (created_at)');
    // each dealer's figures over its counted orders, kept in step with the orders rows (same transaction),
    // so the best performers are an index scan however many orders there are. Changes are added as signed
    // differences through INSERT ... ON CONFLICT, whose proposed row is checked before the conflict is seen:
    // hence no CHECK (>= 0) here (the sums of the orders rows are what keep them non-negative).
    await q.query(`
      CREATE TABLE dealer_figures (
        dealer_id text PRIMARY KEY,
        revenue_cents bigint NOT NULL DEFAULT 0,
        orders integer NOT NULL DEFAULT 0,
        items bigint NOT NULL DEFAULT 0,
        paid_cents bigint NOT NULL DEFAULT 0
      )`);
    await q.query('CREATE INDEX dealer_figures_revenue_idx ON dealer_figures (revenue_cents DESC, dealer_id)');
    await q.query('CREATE INDEX dealer_figures_orders_idx ON dealer_figures (orders DESC, dealer_id)');
    await q.query('CREATE INDEX dealer_figures_items_idx ON dealer_figures (items DESC, dealer_id)');
    await q.query(`
      CREATE TABLE programs (
        id uuid PRIMARY KEY,
        program_name text NOT NULL,
        start_date date NOT NULL,
        end_date date NOT NULL CHECK (end_date >= start_date),
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`
      CREATE TABLE tiers (
        id uuid PRIMARY KEY,
        program_id uuid NOT NULL REFERENCES programs ON DELETE CASCADE,
        position integer NOT NULL,
        name text NOT NULL,
        metric text NOT NULL CHECK (metric IN ('revenue', 'orders', 'items')),
        -- US dollars for revenue, a count otherwise
        threshold numeric(15, 2) NOT NULL CHECK (threshold >= 0),
        reward text NOT NULL DEFAULT '',
        notify_dealer boolean NOT NULL DEFAULT false
      )`);
    await q.query('CREATE INDEX tiers_program_idx ON tiers (program_id, position)');
    // one per dealer and tier, whatever is delivered again; the tier's name, threshold and reward as they were
    // when it was reached (a later edit or removal of the tier leaves it as it was)
    await q.query(`
      CREATE TABLE achievements (
        id uuid PRIMARY KEY,
        program_id uuid NOT NULL REFERENCES programs ON DELETE CASCADE,
        tier_id uuid NOT NULL,
        dealer_id text NOT NULL,
        tier_name text NOT NULL,
        metric text NOT NULL,
        threshold_value numeric(15, 2) NOT NULL,
        value_achieved numeric(15, 2) NOT NULL,
        reward text NOT NULL,
        notify_dealer boolean NOT NULL,
        -- where the achievement mail was sent (null: no mail, or no email known)
        notified_email text,
        achieved_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        handled_at timestamptz,
        UNIQUE (tier_id, dealer_id)
      )`);
    await q.query('CREATE INDEX achievements_program_idx ON achievements (program_id, achieved_at DESC)');
    await q.query(
      'CREATE INDEX achievements_pending_idx ON achievements (achieved_at DESC) WHERE notify_dealer AND handled_at IS NULL',
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE achievements, tiers, programs, dealer_figures, orders, dealers');
  }
}
