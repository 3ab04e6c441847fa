import {
  AGING_BUCKET_LABELS,
  AGING_BUCKETS,
  type AgingBucket,
  type AgingBuckets,
  type ArAgingRow,
  type OpenInvoice,
  STATEMENT_MAX_DAYS,
  STATEMENT_RANGE,
  STATEMENT_TOO_LONG,
} from '@portal/contracts';
import { attachmentFilename } from '../../api/downloadPdf';
import { dateFormatIn } from '../../format/date';

/** One bucket of an aging line, in the order the buckets are read: not yet due first, oldest last. */
export interface AgingLine {
  bucket: AgingBucket;
  label: string;
  amount: number;
  /** past due (every bucket but `current`) */
  pastDue: boolean;
}

export function agingLines(aging: AgingBuckets): AgingLine[] {
  return AGING_BUCKETS.map((bucket) => ({
    bucket,
    label: AGING_BUCKET_LABELS[bucket],
    amount: aging[bucket],
    pastDue: bucket !== 'current',
  }));
}

/** What is past due, summed in cents (dollars added as floats drift by a cent). */
export function pastDueTotal(aging: AgingBuckets): number {
  const cents = AGING_BUCKETS.filter((bucket) => bucket !== 'current').reduce(
    (sum, bucket) => sum + Math.round(aging[bucket] * 100),
    0,
  );
  return cents / 100;
}

/** "12 days past due", "1 day past due", "Not yet due", or "Due once confirmed" for an order not yet confirmed. */
export function dueText(invoice: Pick<OpenInvoice, 'due_date' | 'days_past_due'>): string {
  if (invoice.due_date === null) return 'Due once confirmed';
  if (invoice.days_past_due <= 0) return 'Not yet due';
  return `${invoice.days_past_due} ${invoice.days_past_due === 1 ? 'day' : 'days'} past due`;
}

export const isOverdue = (invoice: Pick<OpenInvoice, 'days_past_due'>): boolean => invoice.days_past_due > 0;

/** How many unpaid orders the statement counted beyond the ones it lists (it lists the oldest due first). */
export const moreOpenInvoices = (shown: number, count: number): number => Math.max(0, count - shown);

/** The days from `from` to `to` inclusive of both (calendar days: no time zone enters). */
function daysCovered(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * What is wrong with a statement's range as typed, in the server's words, or null: a blank day is the server's
 * default (today, or 90 days before the last day), so only two days given can be out of order or too far apart.
 */
export function statementRangeProblem(from: string, to: string): string | null {
  if (!from || !to) return null;
  if (from > to) return STATEMENT_RANGE;
  return daysCovered(from, to) > STATEMENT_MAX_DAYS ? STATEMENT_TOO_LONG : null;
}

/** The statement's query: the days given, blanks left to the server's defaults. */
export function statementQuery(range: { from: string; to: string }): { from?: string; to?: string } {
  return { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
}

/** The file name from Content-Disposition, else statement-<from>-to-<to>.pdf. */
export const statementFilename = (disposition: string | null, range: { from: string; to: string }): string =>
  attachmentFilename(disposition, `statement-${range.from}-to-${range.to}.pdf`);

/** What the AR aging marks on a dealer's line: over its credit limit, something more than 90 days past due. */
export function agingFlags(row: Pick<ArAgingRow, 'balance' | 'credit_limit' | 'over_90'>): {
  overLimit: boolean;
  over90: boolean;
} {
  return {
    overLimit: row.credit_limit !== null && Math.round(row.balance * 100) > Math.round(row.credit_limit * 100),
    over90: row.over_90 > 0,
  };
}

/** The AR aging's "Past due" filter: each choice is the buckets the server is asked for (`past_due`). */
export const PAST_DUE_CHOICES: readonly { value: string; label: string }[] = [
  { value: '', label: 'Every balance' },
  { value: '1_30,31_60,61_90,over_90', label: 'Anything past due' },
  { value: '31_60,61_90,over_90', label: 'More than 30 days past due' },
  { value: '61_90,over_90', label: 'More than 60 days past due' },
  { value: 'over_90', label: 'More than 90 days past due' },
];

/** The filter of an address's `past_due`: one of the choices, else none (a hand-edited address). */
export function pastDueChoice(param: string): string {
  return PAST_DUE_CHOICES.some((choice) => choice.value === param) ? param : '';
}

/** The name of the AR aging CSV: ar-aging-2025-03-04.csv, the day in the system timezone. */
export function arAgingCsvFilename(timeZone: string, now = new Date()): string {
  return `ar-aging-${dateFormatIn(timeZone).day(now)}.csv`;
}
