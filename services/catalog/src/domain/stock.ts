import type { OrderStatus, StockAvailability } from '@portal/contracts';

/**
 * Where an order's goods are, by its status: nowhere yet (pending, cancelled), held in the warehouse for it
 * (confirmed), or gone from the warehouse (on a truck, shipped, delivered).
 */
export type StockHolding = 'none' | 'reserved' | 'taken';

export function stockHolding(status: OrderStatus): StockHolding {
  switch (status) {
    case 'confirmed':
      return 'reserved';
    case 'in_shipment':
    case 'shipped':
    case 'delivered':
      return 'taken';
    default:
      return 'none';
  }
}

/** What one unit of an order line changes of a product's stock: reserved and on hand, each −1, 0 or +1. */
export interface StockChange {
  reserved: number;
  on_hand: number;
}

/** What each holding contributes per unit: reserved units count in stock_reserved; taken ones left stock_on_hand. */
const CONTRIBUTION: Record<StockHolding, StockChange> = {
  none: { reserved: 0, on_hand: 0 },
  reserved: { reserved: 1, on_hand: 0 },
  taken: { reserved: 0, on_hand: -1 },
};

/**
 * The stock change per unit when an order moves from `previous` to `next`: the difference of what the two
 * holdings contribute (none→reserved: reserved +1; reserved→taken: reserved −1, on hand −1; taken→reserved: on
 * hand +1, reserved +1; …). Being a difference, the changes of a chain of moves add up to its first and last
 * status alone, whatever order they are applied in.
 */
export function stockEffect(previous: OrderStatus | null, next: OrderStatus): StockChange {
  const from = CONTRIBUTION[previous === null ? 'none' : stockHolding(previous)];
  const to = CONTRIBUTION[stockHolding(next)];
  return { reserved: to.reserved - from.reserved, on_hand: to.on_hand - from.on_hand };
}

/** An order line a stock change applies to: a catalogue product (custom lines typed by an admin hold no stock). */
export const isStockLine = (line: { product_id: string; is_custom: boolean }) =>
  !line.is_custom && !line.product_id.startsWith('custom_');

/** What a product's stock figures say to a dealer (see StockAvailability); null when stock is not tracked. */
export function stockAvailability(
  onHand: number | null,
  reserved: number,
  threshold: number | null,
): StockAvailability | null {
  if (onHand === null) return null;
  const available = onHand - reserved;
  if (available <= 0) return 'backorder';
  if (threshold !== null && available <= threshold) return 'low_stock';
  return 'in_stock';
}

/** A product's stock figures. */
export interface StockFigures {
  stock_on_hand: number | null;
  stock_reserved: number;
  low_stock_threshold: number | null;
}

/** Whether a tracked product with a low-stock level is at or below it (what earns product.stock_low). */
export const atLowStockLevel = (f: StockFigures) =>
  f.stock_on_hand !== null &&
  f.low_stock_threshold !== null &&
  f.stock_on_hand - f.stock_reserved <= f.low_stock_threshold;

/**
 * What a change of stock means for the low-stock notice, given whether the current fall was already announced:
 * a product at or below its level that was not announced is announced (once); one above it again (or no longer
 * tracked, or without a level) forgets the announcement, so its next fall is announced again.
 */
export function lowStockStep(after: StockFigures, announced: boolean): 'announce' | 'forget' | 'none' {
  if (atLowStockLevel(after)) return announced ? 'none' : 'announce';
  return announced ? 'forget' : 'none';
}

/** A product whose stock just changed, as the low-stock notice needs it. */
export interface ChangedStock extends StockFigures {
  product_id: string;
  title: string;
  sku: string | null;
  stock_low_announced: boolean;
  /** a deleted product is announced to nobody */
  live: boolean;
}
