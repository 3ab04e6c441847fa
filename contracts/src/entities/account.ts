import { z } from 'zod';
import { IsoDate } from '../common';
import { DateOnly, Money } from '../fields';
import { STATEMENT_OPEN_INVOICES_SHOWN } from '../values';

/**
 * A dealer's account (issue 24): statements and aging. Amounts are US dollars at the edge (integer cents inside
 * the order service); dates without a time are calendar days in the system timezone.
 */

/** Days past due an unpaid amount falls in: not yet due, 1–30, 31–60, 61–90, more than 90. */
export const AGING_BUCKETS = ['current', '1_30', '31_60', '61_90', 'over_90'] as const;
export const AgingBucket = z.enum(AGING_BUCKETS);
export type AgingBucket = z.infer<typeof AgingBucket>;

export const AGING_BUCKET_LABELS: Readonly<Record<AgingBucket, string>> = {
  current: 'Current',
  '1_30': '1–30 days',
  '31_60': '31–60 days',
  '61_90': '61–90 days',
  over_90: 'Over 90 days',
};

/** A balance that may be negative (a dealer in credit): US dollars, at most 2 decimals. */
export const SignedMoney = z.number().multipleOf(0.01).describe('US dollars, at most 2 decimals; may be negative');

/** What is unpaid, by how many days past due it is. */
export const AgingBuckets = z.object({
  current: Money,
  '1_30': Money,
  '31_60': Money,
  '61_90': Money,
  over_90: Money,
});
export type AgingBuckets = z.infer<typeof AgingBuckets>;

/** One line of a statement: an order (its invoice) charged, or a payment received, with the balance after it. */
export const StatementEntry = z.object({
  kind: z.enum(['order', 'payment']),
  at: IsoDate.describe('when the order was placed, or the payment recorded'),
  date: DateOnly.describe('the day of `at` in the system timezone'),
  order_id: z.string(),
  order_number: z.string(),
  po_number: z.string().nullable(),
  payment_id: z.string().nullable().describe('null for an order'),
  description: z.string().describe('e.g. "Order 1A2B3C4D · PO 4471" or "Payment (check 1042) · Order 1A2B3C4D"'),
  due_date: DateOnly.nullable().describe('for a confirmed order: the day it is due; null otherwise'),
  charge: Money.describe("the order's total; 0 for a payment"),
  payment: Money.describe("the payment's amount; 0 for an order"),
  balance: SignedMoney.describe('the running balance after this line'),
});
export type StatementEntry = z.infer<typeof StatementEntry>;

/** An order with something left to pay, as of the statement's last day: what is due when. */
export const OpenInvoice = z.object({
  order_id: z.string(),
  order_number: z.string(),
  po_number: z.string().nullable(),
  placed_date: DateOnly,
  due_date: DateOnly.nullable().describe('null while the order is not yet confirmed (not yet due)'),
  total: Money,
  paid: Money,
  balance: Money,
  days_past_due: z.number().int().describe('0 when not yet due'),
  bucket: AgingBucket,
  on_hold: z.boolean(),
});
export type OpenInvoice = z.infer<typeof OpenInvoice>;

export const Statement = z.object({
  dealer_id: z.string(),
  dealer_business_name: z.string().nullable(),
  from: DateOnly,
  to: DateOnly,
  timezone: z.string().describe('the system timezone the days are counted in'),
  payment_terms_days: z.number().int(),
  credit_limit: Money.nullable(),
  opening_balance: SignedMoney.describe('orders minus payments before `from`'),
  total_charges: Money,
  total_payments: Money,
  closing_balance: SignedMoney.describe('opening balance + charges − payments: the balance at the end of `to`'),
  entries: z
    .array(StatementEntry)
    .describe('one page, oldest first: orders not cancelled, and their payments; each with its running balance'),
  entry_count: z.number().int().nonnegative().describe('how many entries the range holds (every page)'),
  next_cursor: z.string().nullable().describe('the cursor of the next page of entries; null on the last page'),
  aging: AgingBuckets.describe('what was unpaid at the end of `to`, by days past due that day (every open invoice)'),
  open_invoices: z
    .array(OpenInvoice)
    .describe(
      `oldest due first: the orders unpaid at the end of \`to\`, at most ${STATEMENT_OPEN_INVOICES_SHOWN} (the PDF lists every one)`,
    ),
  open_invoice_count: z.number().int().nonnegative().describe('how many orders were unpaid at the end of `to`'),
});
export type Statement = z.infer<typeof Statement>;

/** One dealer's line of the AR aging report. */
export const ArAgingRow = AgingBuckets.extend({
  dealer_id: z.string(),
  dealer_business_name: z.string().nullable(),
  dealer_email: z.string().nullable(),
  payment_terms_days: z.number().int(),
  credit_limit: Money.nullable(),
  balance: Money.describe('everything unpaid (the sum of the buckets)'),
  oldest_due_date: DateOnly.nullable().describe('the due day of its oldest unpaid confirmed order'),
});
export type ArAgingRow = z.infer<typeof ArAgingRow>;
