import type { ProductSnapshot, ProductStatus } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

export interface KnownProduct {
  product_id: string;
  title: string;
  description: string | null;
  price_cents: number;
  status: ProductStatus;
  image_filename: string | null;
  deleted: boolean;
}

/**
 * Keeps the catalogue's snapshot of a product unless a newer one is already kept (events may arrive out of
 * order). A deleted product stays deleted whatever arrives after.
 */
export async function saveProduct(
  manager: EntityManager,
  snapshot: ProductSnapshot,
  changedAt: string,
  deleted: boolean,
): Promise<void> {
  await manager.query(
    `INSERT INTO known_products (product_id, title, description, price_cents, status, image_filename, deleted, changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (product_id) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description,
       price_cents = EXCLUDED.price_cents, status = EXCLUDED.status, image_filename = EXCLUDED.image_filename,
       deleted = known_products.deleted OR EXCLUDED.deleted, changed_at = EXCLUDED.changed_at
     WHERE known_products.changed_at <= EXCLUDED.changed_at OR EXCLUDED.deleted`,
    [
      snapshot.product_id,
      snapshot.title,
      snapshot.description,
      snapshot.price_cents,
      snapshot.status,
      snapshot.image_filename,
      deleted,
      changedAt,
    ],
  );
}

/** The kept products among `productIds` (deleted ones included: the caller decides what may be ordered). */
export function findKnownProducts(manager: EntityManager, productIds: readonly string[]): Promise<KnownProduct[]> {
  return manager.query(
    `SELECT product_id, title, description, price_cents, status, image_filename, deleted
     FROM known_products WHERE product_id = ANY($1::text[])`,
    [productIds],
  );
}
