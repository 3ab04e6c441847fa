import type { DealerProduct } from '@portal/contracts';

/** A dealer orders 0 to 100 of each product (001 §9); the server refuses anything else. */
export const MIN_QUANTITY = 0;
export const MAX_QUANTITY = 100;

/**
 * The quantity a typed or stepped value stands for: a whole number from 0 to 100. Over 100 becomes 100; a
 * negative number, a blank or anything that is not a number becomes 0; a fraction drops its decimals.
 */
export function clampQuantity(value: string | number): number {
  const number = typeof value === 'number' ? value : Number(value.trim() === '' ? Number.NaN : value.trim());
  if (Number.isNaN(number) || number <= MIN_QUANTITY) return MIN_QUANTITY;
  if (number >= MAX_QUANTITY) return MAX_QUANTITY;
  return Math.trunc(number);
}

/**
 * Dollars (at most two decimals, as the contract carries prices) to integer cents. Rounding absorbs the binary
 * representation of the decimal (19.99 is stored as 19.989999…), so every sum after this is exact.
 */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** One product the dealer chose, with its quantity and line total in cents. */
export interface ChosenLine {
  product: DealerProduct;
  quantity: number;
  lineCents: number;
}

/** The products with a quantity above 0, in catalogue order. */
export function chosenLines(
  products: readonly DealerProduct[],
  quantities: Readonly<Record<string, number>>,
): ChosenLine[] {
  return products.flatMap((product) => {
    const quantity = quantities[product.product_id] ?? 0;
    return quantity > 0 ? [{ product, quantity, lineCents: toCents(product.price) * quantity }] : [];
  });
}

/** How many items the order holds (the sum of the quantities) and its total in integer cents. */
export function orderSummary(lines: readonly { quantity: number; lineCents: number }[]): {
  items: number;
  totalCents: number;
} {
  return lines.reduce(
    (sum, line) => ({ items: sum.items + line.quantity, totalCents: sum.totalCents + line.lineCents }),
    { items: 0, totalCents: 0 },
  );
}
