import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dealer's purchase order number (issue 24), given on submit-order and printed on the invoice. The orders
 * lists' search finds it: `search_text` (migration 1767400000000) gains the PO number as one more line, written
 * by the same triggers, so the trigram index answers a PO search as it answers a dealer's name.
 */
export class OrderPoNumber1770500000000 implements MigrationInterface {
  name = 'OrderPoNumber1770500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE orders ADD COLUMN po_number text CHECK (char_length(po_number) BETWEEN 1 AND 50)');
    await q.query(`
      CREATE FUNCTION order_search_text(order_id text, business_name text, full_name text, email text, city text,
        po_number text)
      RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT order_search_text(order_id, business_name, full_name, email, city) || E'\\n' || coalesce(po_number, '')
      $$`);
    await q.query(searchTriggers('po_number'));
    await q.query(dealerTrigger('po_number'));
    // no order has a PO number yet: the search texts written before stay right
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(searchTriggers(null));
    await q.query(dealerTrigger(null));
    await q.query('DROP FUNCTION order_search_text(text, text, text, text, text, text)');
    await q.query(`
      UPDATE orders o SET search_text = (
        SELECT order_search_text(o.order_id, d.business_name, d.full_name, d.email, d.city)
        FROM (SELECT 1) one LEFT JOIN known_dealers d ON d.dealer_id = o.dealer_id)
      WHERE o.po_number IS NOT NULL`);
    await q.query('ALTER TABLE orders DROP COLUMN po_number');
  }
}

/** The text search of a new order (BEFORE INSERT), with the PO number when `po` names its column. */
function searchTriggers(po: string | null): string {
  const args = (prefix: string) => `${prefix}order_id, d.business_name, d.full_name, d.email, d.city`;
  return `
    CREATE OR REPLACE FUNCTION orders_take_dealer_fields() RETURNS trigger LANGUAGE plpgsql
    SET search_path FROM CURRENT AS $$
    DECLARE
      d record;
    BEGIN
      SELECT business_name, full_name, email, city INTO d FROM known_dealers
        WHERE dealer_id = NEW.dealer_id FOR SHARE;
      NEW.dealer_sort_name := coalesce(d.business_name, '');
      NEW.search_text := order_search_text(${args('NEW.')}${po ? `, NEW.${po}` : ''});
      RETURN NEW;
    END $$`;
}

/** A dealer's changed fields rewritten into its orders' search texts, keeping each order's PO number. */
function dealerTrigger(po: string | null): string {
  const text = `order_search_text(order_id, NEW.business_name, NEW.full_name, NEW.email, NEW.city${po ? `, ${po}` : ''})`;
  return `
    CREATE OR REPLACE FUNCTION known_dealers_to_orders() RETURNS trigger LANGUAGE plpgsql
    SET search_path FROM CURRENT AS $$
    BEGIN
      UPDATE orders SET dealer_sort_name = coalesce(NEW.business_name, ''), search_text = ${text}
      WHERE dealer_id = NEW.dealer_id
        AND (dealer_sort_name, search_text) IS DISTINCT FROM (coalesce(NEW.business_name, ''), ${text});
      RETURN NULL;
    END $$`;
}
