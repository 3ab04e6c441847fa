import type { ProductStatus } from '@portal/contracts';
import { containsPattern } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { ProductRecord } from '../domain/product-view';

export const PRODUCT_NOT_FOUND = 'Error: Product not found';

/** ISO 8601 in UTC, as the contract's IsoDate. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A product row as ProductRecord (the select list of every read and RETURNING). */
const RECORD = `product_id, title, description, price_cents, status, sku, category, image_filename, image_key,
  thumbnail_key, preview_key, ${iso('created_at')} AS created_at`;

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
}

export async function insertProduct(
  manager: EntityManager,
  productId: string,
  fields: ProductChanges,
  image: StoredImage,
): Promise<ProductRecord> {
  const rows: ProductRecord[] = await manager.query(
    `INSERT INTO products (product_id, title, description, price_cents, status, image_filename, image_key,
       thumbnail_key, preview_key, sku, category)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
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

/** What narrows a product list: a status, text in the title or SKU, an exact category. */
export interface ProductFilter {
  status?: ProductStatus;
  /** a case-insensitive "contains" over the title and the SKU */
  q?: string;
  category?: string;
}

/**
 * Every live product, newest first, narrowed by `filter`. The catalogue is small (hundreds of products, read
 * whole by both screens), so the search scans it rather than keeping a trigram index.
 */
export function listLiveProducts(manager: EntityManager, filter: ProductFilter = {}): Promise<ProductRecord[]> {
  const pattern = filter.q ? containsPattern(filter.q) : null;
  return manager.query(
    `SELECT ${RECORD} FROM products
     WHERE deleted_at IS NULL AND ($1::text IS NULL OR status = $1)
       AND ($2::text IS NULL OR title ILIKE $2 OR sku ILIKE $2)
       AND ($3::text IS NULL OR category = $3)
     ORDER BY created_at DESC, product_id`,
    [filter.status ?? null, pattern, filter.category || null],
  );
}
