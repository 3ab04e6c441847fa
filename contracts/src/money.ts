/**
 * Money is integer cents inside every service (database, events, arithmetic) and dollars only at the JSON edge
 * (the contracts' Money). Amounts are read digit by digit from their decimal text, never multiplied as binary
 * floats, so 0.1 + 0.2 is 30 cents and 19.99 is 1999 cents. One implementation for every service.
 */

/** $9,999,999,999.99: far below Number.MAX_SAFE_INTEGER, so sums of many lines stay exact. */
export const MAX_AMOUNT_CENTS = 999_999_999_999;

const DOLLARS = /^(\d*)(?:\.(\d*))?$/;

/**
 * The cents of a dollar amount given as text ('12.34', '5', '.5') or as a JSON number (12.34), or null when it
 * is not one: negative, not a plain decimal, more than 2 decimals (trailing zeros aside) or above `maxCents`.
 * A number is read through its shortest decimal text (String(12.34) is '12.34'), which is exactly what the
 * JSON carried.
 */
export function parseCents(amount: string | number, maxCents = MAX_AMOUNT_CENTS): number | null {
  if (typeof amount === 'number' && !Number.isFinite(amount)) return null;
  const text = (typeof amount === 'number' ? String(amount) : amount).trim();
  const match = DOLLARS.exec(text); // '1e-7', '-1', '1,000' do not match
  if (!match || !/\d/.test(text)) return null; // '' and '.' hold no digit
  const whole = (match[1] ?? '').replace(/^0+/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  // 13 whole digits and 2 decimals stay well inside a safe integer before the maximum is checked
  if (fraction.length > 2 || whole.length > 13) return null;
  const cents = Number.parseInt(`${whole || '0'}${fraction.padEnd(2, '0')}`, 10);
  return cents <= maxCents ? cents : null;
}

/** Cents as dollar text with 2 decimals: 1234 -> '12.34', -5 -> '-0.05'. */
export function formatCents(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * Cents as the contract's Money (a JSON number of dollars): the number parsed from formatCents' text, which
 * JSON prints back as that same text.
 */
export function centsToDollars(cents: number): number {
  return Number(formatCents(cents));
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new Error(`cents must be an integer, got ${cents}`);
}
