import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Terms and credit (issue 24): each dealer's payment terms and credit limit, and what the credit hold leaves on
 * an order. A dealer's terms row is also the lock its submits take, so it is created on a dealer's first order
 * with both values null (the default terms, no limit). Orders keep when they were first confirmed (an order is
 * due its terms' days after that); orders confirmed before this migration take their last change as that time.
 */
export class DealerTerms1770600000000 implements MigrationInterface {
  name = 'DealerTerms1770600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dealer_terms (
        dealer_id text PRIMARY KEY,
        -- null: the default terms
        payment_terms_days integer CHECK (payment_terms_days BETWEEN 0 AND 365),
        -- integer cents; null: no limit
        credit_limit_cents bigint CHECK (credit_limit_cents >= 0),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`
      ALTER TABLE orders
        ADD COLUMN confirmed_at timestamptz,
        ADD COLUMN on_hold boolean NOT NULL DEFAULT false,
        ADD COLUMN hold_reason text,
        ADD COLUMN hold_released_at timestamptz,
        ADD COLUMN hold_release_note text`);
    await q.query(
      `UPDATE orders SET confirmed_at = updated_at WHERE status IN ('confirmed', 'in_shipment', 'shipped', 'delivered')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders DROP COLUMN hold_release_note, DROP COLUMN hold_released_at, DROP COLUMN hold_reason,
        DROP COLUMN on_hold, DROP COLUMN confirmed_at`);
    await q.query('DROP TABLE dealer_terms');
  }
}
