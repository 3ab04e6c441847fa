import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Products gain an optional SKU (unique among products that have one, deleted ones included: a SKU names one
 * product for good, and order history may show it) and an optional category (Order Products filters by it).
 */
export class ProductSkuCategory1770500000000 implements MigrationInterface {
  name = 'ProductSkuCategory1770500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE products
        ADD COLUMN sku text CHECK (sku <> '' AND length(sku) <= 64),
        ADD COLUMN category text CHECK (category <> '' AND length(category) <= 100)`);
    // compared case-insensitively: "AB-1" and "ab-1" would be the same label on a shelf
    await q.query('CREATE UNIQUE INDEX products_sku_key ON products (lower(sku)) WHERE sku IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX products_sku_key');
    await q.query('ALTER TABLE products DROP COLUMN category, DROP COLUMN sku');
  }
}
