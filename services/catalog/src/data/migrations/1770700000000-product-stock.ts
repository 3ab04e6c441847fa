import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Products gain stock: units on hand (null: not tracked), units reserved by confirmed orders, an optional
 * low-stock level, and whether the current fall to that level was announced (product.stock_low is mailed once,
 * and again only after the product rose above the level).
 */
export class ProductStock1770700000000 implements MigrationInterface {
  name = 'ProductStock1770700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE products
        ADD COLUMN stock_on_hand integer,
        ADD COLUMN low_stock_threshold integer CHECK (low_stock_threshold >= 0),
        -- units held by confirmed orders, counted for untracked products too, so tracking can start at any time
        ADD COLUMN stock_reserved integer NOT NULL DEFAULT 0,
        ADD COLUMN stock_low_announced boolean NOT NULL DEFAULT false`);
    // the dashboard's alert counts the tracked products low on stock (stock=low)
    await q.query(`
      CREATE INDEX products_low_stock_idx ON products (created_at DESC, product_id)
        WHERE deleted_at IS NULL AND stock_on_hand IS NOT NULL
          AND stock_on_hand - stock_reserved <= COALESCE(low_stock_threshold, 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX products_low_stock_idx');
    await q.query(`
      ALTER TABLE products DROP COLUMN stock_low_announced, DROP COLUMN stock_reserved,
        DROP COLUMN low_stock_threshold, DROP COLUMN stock_on_hand`);
  }
}
