import { CUSTOM_LINE_PREFIX, MAX_AMOUNT_CENTS } from '@portal/contracts';

/** The largest unit price of a line: $9,999,999.99, as the catalogue's largest price (an integer column). */
export const MAX_UNIT_PRICE_CENTS = 999_999_999;

/** An order line as the order keeps it: a snapshot of the title and unit price when it was added. */
export interface LineRecord {
  product_id: string;
  title: string;
  description: string | null;
  quantity: number;
  price_cents: number;
  is_custom: boolean;
}

export const isCustomLineId = (productId: string) => productId.startsWith(CUSTOM_LINE_PREFIX);

/** quantity × unit price, in cents (integers only). */
export function lineTotalCents(line: Pick<LineRecord, 'quantity' | 'price_cents'>): number {
  const total = line.quantity * line.price_cents;
  if (!Number.isSafeInteger(total)) throw new Error('line total out of range');
  return total;
}

/** The order's grand total: the lines' sum. Tax is always 0, so the grand total equals the subtotal. */
export function orderTotalCents(lines: readonly Pick<LineRecord, 'quantity' | 'price_cents'>[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

/**
 * The order total, or null when it (or a line's total) is above MAX_AMOUNT_CENTS: summed line by line, so no
 * intermediate value ever leaves the range where integers are exact.
 */
export function boundedOrderTotalCents(lines: readonly Pick<LineRecord, 'quantity' | 'price_cents'>[]): number | null {
  let sum = 0;
  for (const line of lines) {
    const total = lineTotalCents(line);
    if (total > MAX_AMOUNT_CENTS) return null;
    sum += total;
    if (sum > MAX_AMOUNT_CENTS) return null;
  }
  return sum;
}

/** Whether two line lists say the same (same products, titles, quantities and prices, in the same order). */
export function sameLines(a: readonly LineRecord[], b: readonly LineRecord[]): boolean {
  return (
    a.length === b.length &&
    a.every((line, i) => {
      const other = b[i];
      return (
        other !== undefined &&
        line.product_id === other.product_id &&
        line.title === other.title &&
        (line.description ?? null) === (other.description ?? null) &&
        line.quantity === other.quantity &&
        line.price_cents === other.price_cents &&
        line.is_custom === other.is_custom
      );
    })
  );
}
