import { parseCents } from '@portal/contracts';

/**
 * Money on the order screens: the API carries dollars with at most 2 decimals; every sum and difference here is
 * done in integer cents, each amount read through its decimal text (contracts' parseCents), never multiplied as a
 * binary float.
 */

/** The cents of a dollar amount from the API (negative allowed: an overpaid balance). */
export function centsOf(dollars: number): number {
  const cents = parseCents(Math.abs(dollars));
  if (cents === null) throw new Error(`not a dollar amount with at most 2 decimals: ${dollars}`);
  return dollars < 0 ? -cents : cents;
}

/** The cents of a typed amount ('12.5', '0.75'), or null when it is not a plain amount with at most 2 decimals. */
export function typedCents(text: string): number | null {
  return parseCents(text);
}

/** The sum of amounts in cents. */
export function sumCents(amounts: readonly number[]): number {
  let total = 0;
  for (const cents of amounts) total += cents;
  return total;
}

/** What an invoice shows under its lines (000 §9: tax is always $0.00 and the total equals the subtotal). */
export interface InvoiceTotals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  paidCents: number;
  /** total − paid; negative when overpaid */
  balanceCents: number;
}

export function invoiceTotals(lineCents: readonly number[], paidCents: number): InvoiceTotals {
  const subtotalCents = sumCents(lineCents);
  return {
    subtotalCents,
    taxCents: 0,
    totalCents: subtotalCents,
    paidCents,
    balanceCents: subtotalCents - paidCents,
  };
}
