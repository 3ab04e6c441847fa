import type { EntityManager } from 'typeorm';
import type { ChangedStock } from '../domain/stock';

/**
 * Adds `reserved` and `onHand` units to each product's stock (negative to take), in one statement per product
 * and in product id order, so concurrent events never lose an update and never deadlock. A product not tracked
 * keeps its on hand null (its reservations still count, so tracking can start at any time). Answers the
 * products' new figures; unknown product ids are skipped.
 */
export async function changeStock(
  manager: EntityManager,
  changes: ReadonlyMap<string, { reserved: number; onHand: number }>,
): Promise<ChangedStock[]> {
  const rows: ChangedStock[] = [];
  for (const productId of [...changes.keys()].sort()) {
    const change = changes.get(productId);
    if (!change || (change.reserved === 0 && change.onHand === 0)) continue;
    const [updated]: [ChangedStock[], number] = await manager.query(
      `UPDATE products SET stock_reserved = stock_reserved + $2, stock_on_hand = stock_on_hand + $3
       WHERE product_id = $1
       RETURNING product_id, title, sku, stock_on_hand, stock_reserved, low_stock_threshold, stock_low_announced,
         deleted_at IS NULL AS live`,
      [productId, change.reserved, change.onHand],
    );
    if (updated[0]) rows.push(updated[0]);
  }
  return rows;
}

/** Remembers whether the product's current fall to its low-stock level was announced. */
export async function markStockLowAnnounced(
  manager: EntityManager,
  productId: string,
  announced: boolean,
): Promise<void> {
  await manager.query('UPDATE products SET stock_low_announced = $2 WHERE product_id = $1', [productId, announced]);
}
