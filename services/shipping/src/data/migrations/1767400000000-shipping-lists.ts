import { TRIGRAM_EXTENSION, TRIGRAM_OPS } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shipping lists in pages (issue 18).
 *
 * Shipments: the status the screens show (001 §4: COMPLETED when every order is delivered, IN PROGRESS when some
 * are, else READY) is kept on the shipment, so the list filters and sorts by it from an index. It is generated
 * from two counts that triggers keep by increments (commutative, so two transactions delivering two orders of
 * one shipment at once both count): the shipment's orders, and those of them delivered. One index per order
 * the list pages by (newest first; by status), trigram indexes for the search of id and name, and for the
 * dealers' business names (a search also finds the shipments that stop at a dealer whose name matches, through
 * the orders of that dealer).
 *
 * Ready-to-ship orders: the confirmed orders by the key the list pages by (created_at, else changed_at).
 */
export class ShippingLists1767400000000 implements MigrationInterface {
  name = 'ShippingLists1767400000000';

  async up(q: QueryRunner): Promise<void> {
    // serialised with provisioning and with the other services' migrations creating it (same lock)
    await q.query('SELECT pg_advisory_xact_lock(7341001)');
    await q.query(TRIGRAM_EXTENSION);

    await q.query(`
      ALTER TABLE shipments
        ADD COLUMN order_count integer NOT NULL DEFAULT 0,
        ADD COLUMN delivered_count integer NOT NULL DEFAULT 0`);
    await q.query(`
      UPDATE shipments s SET order_count = c.orders, delivered_count = c.delivered
        FROM (SELECT so.shipment_id, count(*)::int AS orders, count(*) FILTER (WHERE o.status = 'delivered')::int AS delivered
                FROM shipment_orders so JOIN known_orders o USING (order_id)
               GROUP BY so.shipment_id) c
       WHERE c.shipment_id = s.shipment_id`);
    await q.query(`
      ALTER TABLE shipments ADD COLUMN status text NOT NULL GENERATED ALWAYS AS (
        CASE WHEN order_count > 0 AND delivered_count = order_count THEN 'COMPLETED'
             WHEN delivered_count > 0 THEN 'IN PROGRESS'
             ELSE 'READY' END) STORED`);

    // an order joins or leaves a shipment: count it, and count it delivered if it is
    await q.query(`
      CREATE FUNCTION shipment_orders_count() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      DECLARE sign integer := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
      BEGIN
        UPDATE shipments s
           SET order_count = s.order_count + sign * c.orders, delivered_count = s.delivered_count + sign * c.delivered
          FROM (SELECT m.shipment_id, count(*)::int AS orders,
                       count(*) FILTER (WHERE o.status = 'delivered')::int AS delivered
                  FROM changed_memberships m JOIN known_orders o USING (order_id)
                 GROUP BY m.shipment_id) c
         WHERE s.shipment_id = c.shipment_id;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER shipment_orders_counted_in AFTER INSERT ON shipment_orders
        REFERENCING NEW TABLE AS changed_memberships FOR EACH STATEMENT EXECUTE FUNCTION shipment_orders_count()`);
    await q.query(`
      CREATE TRIGGER shipment_orders_counted_out AFTER DELETE ON shipment_orders
        REFERENCING OLD TABLE AS changed_memberships FOR EACH STATEMENT EXECUTE FUNCTION shipment_orders_count()`);
    // an order of a shipment becomes delivered, or stops being delivered
    await q.query(`
      CREATE FUNCTION known_orders_count_delivered() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        UPDATE shipments s SET delivered_count = s.delivered_count + c.delta
          FROM (SELECT so.shipment_id,
                       sum((n.status = 'delivered')::int - (b.status = 'delivered')::int)::int AS delta
                  FROM before_rows b JOIN after_rows n USING (order_id)
                  JOIN shipment_orders so USING (order_id)
                 WHERE (n.status = 'delivered') <> (b.status = 'delivered')
                 GROUP BY so.shipment_id) c
         WHERE s.shipment_id = c.shipment_id AND c.delta <> 0;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER known_orders_counted_delivered AFTER UPDATE ON known_orders
        REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
        FOR EACH STATEMENT EXECUTE FUNCTION known_orders_count_delivered()`);

    // shipments: newest first (shipments_newest_idx stays), by status, filtered by status; the search
    await q.query('CREATE INDEX shipments_status_idx ON shipments (status, created_at, shipment_id)');
    await q.query(`CREATE INDEX shipments_name_search_idx ON shipments USING gin (shipment_name ${TRIGRAM_OPS})`);
    await q.query(`CREATE INDEX shipments_id_search_idx ON shipments USING gin (shipment_id ${TRIGRAM_OPS})`);
    await q.query(
      `CREATE INDEX known_dealers_name_search_idx ON known_dealers USING gin (business_name ${TRIGRAM_OPS})`,
    );
    await q.query('CREATE INDEX known_orders_dealer_idx ON known_orders (dealer_id)');
    // ready-to-ship orders: confirmed, oldest first
    await q.query(`
      CREATE INDEX known_orders_ready_idx ON known_orders (coalesce(created_at, changed_at), order_id)
       WHERE status = 'confirmed'`);
    await q.query('DROP INDEX known_orders_confirmed_idx');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX known_orders_confirmed_idx ON known_orders (created_at) WHERE status = 'confirmed'`);
    for (const index of [
      'known_orders_ready_idx',
      'known_orders_dealer_idx',
      'known_dealers_name_search_idx',
      'shipments_id_search_idx',
      'shipments_name_search_idx',
      'shipments_status_idx',
    ])
      await q.query(`DROP INDEX ${index}`);
    await q.query('DROP TRIGGER known_orders_counted_delivered ON known_orders');
    await q.query('DROP TRIGGER shipment_orders_counted_out ON shipment_orders');
    await q.query('DROP TRIGGER shipment_orders_counted_in ON shipment_orders');
    await q.query('DROP FUNCTION known_orders_count_delivered()');
    await q.query('DROP FUNCTION shipment_orders_count()');
    await q.query('ALTER TABLE shipments DROP COLUMN status, DROP COLUMN delivered_count, DROP COLUMN order_count');
  }
}
