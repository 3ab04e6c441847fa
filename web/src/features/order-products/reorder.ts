import type { DealerProduct, OrderLine } from '@portal/contracts';
import { clampQuantity } from './orderQuantities';

/** What Order Again puts on Order Products: the quantities to order, and the lines it could not add. */
export interface ReorderFill {
  /** product id → a quantity from 1 to 100, for the products the dealer can order now */
  quantities: Record<string, number>;
  /** the titles of the past order's lines that are no longer offered (inactive, deleted or custom), once each */
  unavailable: string[];
}

/**
 * Order Again: a past order's lines as Order Products quantities. Only products still offered to the dealer
 * (`offered`: the active catalogue) are filled; a product on two lines adds up; every quantity is clamped to
 * 0–100 as a typed one is. The rest (a product made inactive or deleted, an admin's custom line) is named.
 */
export function reorderFill(
  lines: readonly Pick<OrderLine, 'product_id' | 'title' | 'quantity' | 'is_custom'>[],
  offered: readonly Pick<DealerProduct, 'product_id'>[],
): ReorderFill {
  const offeredIds = new Set(offered.map((product) => product.product_id));
  const quantities: Record<string, number> = {};
  const unavailable: string[] = [];
  for (const line of lines) {
    if (line.is_custom || !offeredIds.has(line.product_id)) {
      if (!unavailable.includes(line.title)) unavailable.push(line.title);
      continue;
    }
    const quantity = clampQuantity((quantities[line.product_id] ?? 0) + line.quantity);
    if (quantity > 0) quantities[line.product_id] = quantity;
  }
  return { quantities, unavailable };
}

/** What the dealer is told of the lines Order Again left out; null when it added them all. */
export function reorderNotice(fill: ReorderFill): string | null {
  if (fill.unavailable.length === 0) return null;
  const added = Object.keys(fill.quantities).length;
  const names = fill.unavailable.join(', ');
  return added === 0
    ? `None of this order's products can be ordered now. Unavailable: ${names}.`
    : `Not added, no longer available: ${names}.`;
}
