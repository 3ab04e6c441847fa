/**
 * Prices are integer cents inside the catalog (database, events) and dollars only at the JSON edge. The form's
 * text is read digit by digit, never through a binary float, so '0.1' is 10 cents and '0.1' + '0.2' is 30.
 */

/** $9,999,999.99: the largest price, well inside the integer column. */
export const MAX_PRICE_CENTS = 999_999_999;

/** Dollars with an optional fraction: '19.99', '12.3', '5', '5.', '.5' (ASCII digits only). */
const DOLLARS = /^(\d*)(?:\.(\d*))?$/;

/**
 * The cents of a price typed in dollars, or null when the text is not a price: not a plain decimal, negative,
 * more than 2 decimals (trailing zeros aside: '12.340' is 1234), or above MAX_PRICE_CENTS.
 */
export function parsePriceCents(text: string): number | null {
  const match = DOLLARS.exec(text.trim());
  if (!match || !/\d/.test(text)) return null; // '' and '.' hold no digit
  const whole = (match[1] ?? '').replace(/^0+/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2 || whole.length > 7) return null;
  const cents = Number.parseInt(`${whole || '0'}${fraction.padEnd(2, '0')}`, 10);
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

/**
 * Cents as the contract's Money (dollars): the one division of the catalog, at the JSON edge. For any whole
 * number of cents it answers the double nearest the 2-decimal value, which JSON prints as that value (1999 -> 19.99).
 */
export function centsToDollars(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new Error(`cents must be an integer, got ${cents}`);
  return cents / 100;
}
