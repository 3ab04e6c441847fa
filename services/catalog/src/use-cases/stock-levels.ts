import { ProductStockLow } from '@portal/contracts';
import type { Emit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { markStockLowAnnounced } from '../data/stock';
import { type ChangedStock, lowStockStep } from '../domain/stock';

/**
 * After a change of stock, in its transaction: a product that reached its low-stock level is announced with
 * product.stock_low (once: the announcement is remembered until it rises above the level again, when it is
 * forgotten so the next fall is announced). The row is locked by the change, so two changes never both announce.
 */
export async function announceStockLevels(
  manager: EntityManager,
  emit: Emit,
  products: readonly ChangedStock[],
): Promise<void> {
  for (const product of products) {
    const step = lowStockStep(product, product.stock_low_announced);
    if (step === 'forget') await markStockLowAnnounced(manager, product.product_id, false);
    if (step !== 'announce' || !product.live) continue;
    // lowStockStep announces only a tracked product with a level
    if (product.stock_on_hand === null || product.low_stock_threshold === null) continue;
    await markStockLowAnnounced(manager, product.product_id, true);
    await emit(ProductStockLow, product.product_id, {
      product_id: product.product_id,
      title: product.title,
      sku: product.sku,
      available: product.stock_on_hand - product.stock_reserved,
      low_stock_threshold: product.low_stock_threshold,
    });
  }
}
