import type { ProductStatus } from '@portal/contracts';
import { containsPattern } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { ProductRecord } from '../domain/product-view';

export const PRODUCT_NOT_FOUND = 'Error: Product not found';

/** ISO 8601 in UTC, as the contract's IsoDate. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A product row as ProductRecord (the select list of every read and RETURNING). */
const RECORD = `product_id, title, description, price_cents, status, sku, category, image_filename, image_key,
  thumbnail_key, preview_key, ${iso('created_at')} AS created_at, stock_on_hand, low_stock_threshold, stock_reserved,
  stock_low_announced`;

/** The unique index of SKUs (its violation is a taken SKU). */
export const SKU_INDEX = 'products_sku_key';

/** The product's image objects, as stored together at one upload. */
export interface StoredImage {
  image_filename: string;
  image_key: string;
  thumbnail_key: string | null;
  preview_key: string | null;
}

/** The form's fields as the catalog keeps them. */
export interface ProductChanges {
  title: string;
  description: string | null;
  price_cents: number;
  status: ProductStatus;
  /** null for none; undefined (a client that does not send the field) keeps the current one on update */
  sku: string | null | undefined;
  category: string | null | undefined;
  /** null: stock not tracked; undefined keeps the current one on update */
  stock_on_hand: number | null | undefined;
  low_stock_threshold: number | null | undefined;
}

export async function insertProduct(
  manager: EntityManager,
  productId: string,
  fields: ProductChanges,
  image: StoredImage,
): Promise<ProductRecord> {
  const rows: ProductRecord[] = await manager.query(
    `INSERT INTO products (product_id, title, description, price_cents, status, image_filename, image_key,
       thumbnail_key, preview_key, sku, category, stock_on_hand, low_stock_threshold)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     RETURNING ${RECORD}`,
    [
      productId,
      fields.title,
      fields.description,
      fields.price_cents,
      fields.status,
      image.image_filename,
      image.image_key,
      image.thumbnail_key,
      image.preview_key,
      fields.sku ?? null,
      fields.category ?? null,
      fields.stock_on_hand ?? null,
      fields.low_stock_threshold ?? null,
    ],
  );
  return rows[0] as ProductRecord;
}

/** A product that is not deleted; null when there is none. */
export async function findLiveProduct(manager: EntityManager, productId: string): Promise<ProductRecord | null> {
  const rows: ProductRecord[] = await manager.query(
    `SELECT ${RECORD} FROM products WHERE product_id = $1 AND deleted_at IS NULL`,
    [productId],
  );
  return rows[0] ?? null;
}

/**
 * The same, locked until the transaction ends: two edits of one product run one after the other, so each
 * knows exactly which image objects it replaces.
 */
export async function lockLiveProduct(manager: EntityManager, productId: string): Promise<ProductRecord | null> {
  const rows: ProductRecord[] = await manager.query(
    `SELECT ${RECORD} FROM products WHERE product_id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [productId],
  );
  return rows[0] ?? null;
}

/** Saves the form's fields and, when given, points the product at a newly stored image. */
export async function updateProduct(
  manager: EntityManager,
  productId: string,
  fields: ProductChanges,
  image: StoredImage | null,
): Promise<ProductRecord> {
  const [rows]: [ProductRecord[], number] = await manager.query(
    `UPDATE products SET title = $2, description = $3, price_cents = $4, status = $5,
       image_filename = COALESCE($6, image_filename), image_key = COALESCE($7, image_key),
       thumbnail_key = CASE WHEN $6::text IS NULL THEN thumbnail_key ELSE $8 END,
       preview_key = CASE WHEN $6::text IS NULL THEN preview_key ELSE $9 END,
       sku = CASE WHEN $12::boolean THEN $10 ELSE sku END, category = CASE WHEN $13::boolean THEN $11 ELSE category END,
       stock_on_hand = CASE WHEN $16::boolean THEN $14 ELSE stock_on_hand END,
       low_stock_threshold = CASE WHEN $17::boolean THEN $15 ELSE low_stock_threshold END,
       updated_at = now()
     WHERE product_id = $1 AND deleted_at IS NULL
     RETURNING ${RECORD}`,
    [
      productId,
      fields.title,
      fields.description,
      fields.price_cents,
      fields.status,
      image?.image_filename ?? null,
      image?.image_key ?? null,
      image?.thumbnail_key ?? null,
      image?.preview_key ?? null,
      fields.sku ?? null,
      fields.category ?? null,
      fields.sku !== undefined,
      fields.category !== undefined,
      fields.stock_on_hand ?? null,
      fields.low_stock_threshold ?? null,
      fields.stock_on_hand !== undefined,
      fields.low_stock_threshold !== undefined,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error(`product ${productId} vanished while locked`);
  return row;
}

/** Marks a live product deleted; answers it, or null when there was none (absent or deleted before). */
export async function softDeleteProduct(manager: EntityManager, productId: string): Promise<ProductRecord | null> {
  const [rows]: [ProductRecord[], number] = await manager.query(
    `UPDATE products SET deleted_at = now(), updated_at = now()
     WHERE product_id = $1 AND deleted_at IS NULL
     RETURNING ${RECORD}`,
    [productId],
  );
  return rows[0] ?? null;
}

/** What narrows a product list: a status, text in the title or SKU, an exact category, low stock. */
export interface ProductFilter {
  status?: ProductStatus;
  /** a case-insensitive "contains" over the title and the SKU */
  q?: string;
  category?: string;
  /** tracked products whose available stock is at or below their low-stock level (0 without one) */
  stock?: 'low';
}

/** The WHERE of a product list and its parameters ($1–$4). */
function liveProductsWhere(filter: ProductFilter): { where: string; params: unknown[] } {
  return {
    where: `deleted_at IS NULL AND ($1::text IS NULL OR status = $1)
       AND ($2::text IS NULL OR title ILIKE $2 OR sku ILIKE $2)
       AND ($3::text IS NULL OR category = $3)
       AND (NOT $4::boolean OR (stock_on_hand IS NOT NULL
         AND stock_on_hand - stock_reserved <= COALESCE(low_stock_threshold, 0)))`,
    params: [
      filter.status ?? null,
      filter.q ? containsPattern(filter.q) : null,
      filter.category || null,
      filter.stock === 'low',
    ],
  };
}

/**
 * Every live product, newest first, narrowed by `filter`; the first `limit` when given. The catalogue is small
 * (hundreds of products, read whole by both screens), so the search scans it rather than keeping a trigram index.
 */
export function listLiveProducts(
  manager: EntityManager,
  filter: ProductFilter = {},
  limit?: number,
): Promise<ProductRecord[]> {
  const { where, params } = liveProductsWhere(filter);
  return manager.query(
    `SELECT ${RECORD} FROM products WHERE ${where}
     ORDER BY created_at DESC, product_id LIMIT $5`,
    [...params, limit ?? null],
  );
}

/** How many live products `filter` matches. */
export async function countLiveProducts(manager: EntityManager, filter: ProductFilter = {}): Promise<number> {
  const { where, params } = liveProductsWhere(filter);
  const rows: { n: number }[] = await manager.query(`SELECT count(*)::int AS n FROM products WHERE ${where}`, params);
  return rows[0]?.n ?? 0;
}
