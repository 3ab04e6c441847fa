import { rowCountsDown, rowCountsUp, TRIGRAM_EXTENSION, TRIGRAM_OPS } from '@portal/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ORDER_COUNTS } from '../order-list';

/**
 * The orders lists in pages (issue 18).
 *
 * - What a list sorts and searches by lives on the order row, so every sort and the search are one index on
 *   one table: `dealer_sort_name` (the dealer's business name, '' when unknown) and `search_text` (the order
 *   number and the dealer's business name, contact name, email and city, one per line, so a search never
 *   spans two) are copied from `known_dealers` when the order is inserted, and rewritten on the dealer's
 *   orders when the dealer's fields change — both by triggers, in the writing transaction. `payment_status`
 *   is a generated column (the same rule as domain/payments.ts).
 * - One index per sort ending with the tie-breaker `order_id`, on exactly the keys the list pages by.
 * - `order_counts`: how many orders of each status and payment status, kept by the platform's row counts
 *   (statement triggers in the writing transaction), so the total of the whole list (or of a status /
 *   payment-status filter) is read from a handful of rows instead of counting a million.
 */
export class OrderListIndexes1767400000000 implements MigrationInterface {
  name = 'OrderListIndexes1767400000000';

  async up(q: QueryRunner): Promise<void> {
    // serialised with provisioning and with the other services' migrations creating it (same lock)
    await q.query('SELECT pg_advisory_xact_lock(7341001)');
    await q.query(TRIGRAM_EXTENSION);

    await q.query(`
      CREATE FUNCTION order_search_text(order_id text, business_name text, full_name text, email text, city text)
      RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT upper(right(order_id, 8)) || E'\\n' || coalesce(business_name, '') || E'\\n' ||
          coalesce(full_name, '') || E'\\n' || coalesce(email, '') || E'\\n' || coalesce(city, '')
      $$`);
    await q.query(`
      ALTER TABLE orders
        ADD COLUMN dealer_sort_name text NOT NULL DEFAULT '',
        ADD COLUMN search_text text NOT NULL DEFAULT '',
        ADD COLUMN payment_status text NOT NULL GENERATED ALWAYS AS (CASE
          WHEN paid_cents <= 0 THEN 'unpaid' WHEN paid_cents >= total_cents THEN 'fully_paid'
          ELSE 'partially_paid' END) STORED`);
    await q.query(`
      UPDATE orders o SET (dealer_sort_name, search_text) = (
        SELECT coalesce(d.business_name, ''),
          order_search_text(o.order_id, d.business_name, d.full_name, d.email, d.city)
        FROM (SELECT 1) one LEFT JOIN known_dealers d ON d.dealer_id = o.dealer_id)`);

    // a new order takes its dealer's fields; FOR SHARE waits for a dealer change under way, so the order
    // never keeps the fields of before a change it did not see
    await q.query(`
      CREATE FUNCTION orders_take_dealer_fields() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      DECLARE
        d record;
      BEGIN
        SELECT business_name, full_name, email, city INTO d FROM known_dealers
          WHERE dealer_id = NEW.dealer_id FOR SHARE;
        NEW.dealer_sort_name := coalesce(d.business_name, '');
        NEW.search_text := order_search_text(NEW.order_id, d.business_name, d.full_name, d.email, d.city);
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE TRIGGER orders_take_dealer_fields BEFORE INSERT ON orders
      FOR EACH ROW EXECUTE FUNCTION orders_take_dealer_fields()`);
    await q.query(`
      CREATE FUNCTION known_dealers_to_orders() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        UPDATE orders SET dealer_sort_name = coalesce(NEW.business_name, ''),
          search_text = order_search_text(order_id, NEW.business_name, NEW.full_name, NEW.email, NEW.city)
        WHERE dealer_id = NEW.dealer_id
          AND (dealer_sort_name, search_text) IS DISTINCT FROM (coalesce(NEW.business_name, ''),
            order_search_text(order_id, NEW.business_name, NEW.full_name, NEW.email, NEW.city));
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER known_dealers_to_orders AFTER INSERT OR UPDATE OF business_name, full_name, email, city
      ON known_dealers FOR EACH ROW EXECUTE FUNCTION known_dealers_to_orders()`);

    for (const statement of rowCountsUp(ORDER_COUNTS)) await q.query(statement);

    // created_at: orders_newest_idx (created_at DESC, order_id DESC); a dealer's: orders_dealer_newest_idx
    await q.query('CREATE INDEX orders_total_idx ON orders (total_cents, order_id)');
    await q.query('CREATE INDEX orders_dealer_name_idx ON orders (dealer_sort_name, order_id)');
    await q.query('CREATE INDEX orders_status_idx ON orders (status, created_at, order_id)');
    await q.query('CREATE INDEX orders_payment_status_idx ON orders (payment_status, created_at, order_id)');
    await q.query(`CREATE INDEX orders_search_idx ON orders USING gin (search_text ${TRIGRAM_OPS})`);
    // A search names a few dealers among many: with the default statistics the planner guessed ten times too
    // many matches and walked the date index past 100,000 rows (80 ms at a million orders) instead of reading
    // the few matches from the trigram index (20 ms). A finer sample of the search text gets the guess right.
    await q.query('ALTER TABLE orders ALTER COLUMN search_text SET STATISTICS 2000');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of ['total', 'dealer_name', 'status', 'payment_status', 'search'])
      await q.query(`DROP INDEX orders_${index}_idx`);
    for (const statement of rowCountsDown(ORDER_COUNTS)) await q.query(statement);
    await q.query('DROP TRIGGER known_dealers_to_orders ON known_dealers');
    await q.query('DROP FUNCTION known_dealers_to_orders()');
    await q.query('DROP TRIGGER orders_take_dealer_fields ON orders');
    await q.query('DROP FUNCTION orders_take_dealer_fields()');
    await q.query(
      'ALTER TABLE orders DROP COLUMN dealer_sort_name, DROP COLUMN search_text, DROP COLUMN payment_status',
    );
    await q.query('DROP FUNCTION order_search_text(text, text, text, text, text)');
  }
}
