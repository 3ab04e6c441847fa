import type { ProductStatus } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { ProductRecord } from '../domain/product-view';

export const PRODUCT_NOT_FOUND = 'Error: Product not found';

/** ISO 8601 in UTC, as the contract's IsoDate. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A product row as ProductRecord (the select list of every read and RETURNING). */
const RECORD = `product_id, title, description, price_cents, status, image_filename, image_key, thumbnail_key,
  preview_key, ${iso('created_at')} AS created_at`;

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
}

export async function insertProduct(
  manager: EntityManager,
  productId: string,
  fields: ProductChanges,
  image: StoredImage,
): Promise<ProductRecord> {
  const rows: ProductRecord[] = await manager.query(
    `INSERT INTO products (product_id, title, description, price_cents, status, image_filename, image_key,
       thumbnail_key, preview_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
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

/** Every live product, newest first; only those of `status` when given. */
export function listLiveProducts(manager: EntityManager, status?: ProductStatus): Promise<ProductRecord[]> {
  return manager.query(
    `SELECT ${RECORD} FROM products
     WHERE deleted_at IS NULL AND ($1::text IS NULL OR status = $1)
     ORDER BY created_at DESC, product_id`,
    [status ?? null],
  );
}
