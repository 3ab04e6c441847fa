import { parseCents } from '@portal/contracts';

export { centsToDollars } from '@portal/contracts';

/**
 * Prices are integer cents inside the catalog (database, events) and dollars only at the JSON edge; the shared
 * money rules in contracts read the form's text digit by digit, never through a binary float.
 */

/** $9,999,999.99: the largest price, well inside the integer column. */
export const MAX_PRICE_CENTS = 999_999_999;

/**
 * The cents of a price typed in dollars, or null when the text is not a price: not a plain decimal, negative,
 * more than 2 decimals (trailing zeros aside: '12.340' is 1234), or above MAX_PRICE_CENTS.
 */
export function parsePriceCents(text: string): number | null {
  return parseCents(text, MAX_PRICE_CENTS);
}
