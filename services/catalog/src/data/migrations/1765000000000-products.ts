import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The catalogue (in the catalog schema: the service's connection pins search_path to it). */
export class Products1765000000000 implements MigrationInterface {
  name = 'Products1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE products (
        product_id text PRIMARY KEY CHECK (product_id ~ '^[A-Za-z0-9_-]{1,64}$'),
        title text NOT NULL CHECK (title <> ''),
        description text,
        -- integer cents: dollars exist only at the JSON edge
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive', 'admin_only')),
        -- the original image: its file name under /api/product-images/ and its object key; a new upload gets a
        -- new name, so the URL changes with the image
        image_filename text,
        image_key text,
        -- the WebP renditions made at upload (320 px and 800 px wide); null when none was made
        thumbnail_key text,
        preview_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- a deleted product leaves both lists but stays readable (orders show it, its image is still served)
        deleted_at timestamptz
      )`);
    // both lists read the live products newest first
    await q.query('CREATE INDEX products_live_idx ON products (created_at DESC, product_id) WHERE deleted_at IS NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE products');
  }
}
