import type { Product, StockAvailability } from '@portal/contracts';
import { STOCK_AVAILABILITY_LABELS } from '@portal/contracts/values';

/** `?stock=low` on Manage Products: only the products low on stock or on backorder (the dashboard alert opens it). */
export const LOW_STOCK_PARAM = 'stock';

/** Each availability's badge: the word carries the meaning, the colour only repeats it. */
export const STOCK_BADGES: Record<StockAvailability, string> = {
  in_stock: 'badge--ok',
  low_stock: 'badge--low',
  backorder: 'badge--off',
};

export const availabilityLabel = (availability: StockAvailability) => STOCK_AVAILABILITY_LABELS[availability];

/** An admin's line of a product's stock: available, reserved and on hand, or that it is not tracked. */
export function stockFigures(product: Pick<Product, 'stock_on_hand' | 'stock_reserved' | 'stock_available'>): string {
  if (product.stock_on_hand === null || product.stock_available === null) return 'Stock not tracked';
  return `${product.stock_available} available · ${product.stock_reserved} reserved · ${product.stock_on_hand} on hand`;
}
