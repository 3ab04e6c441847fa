import {
  AGING_BUCKETS,
  type AgingBucket,
  type AgingBuckets,
  type ArAgingRow,
  centsToDollars,
  formatCents,
  type PaymentMethod,
  type Statement,
} from '@portal/contracts';
import { type CsvCell, inertCsvCell } from '@portal/platform';
import { orderNumber } from './order-status';

/**
 * Statements and aging (issue 24), pure: what a dealer owes and since when, in integer cents. Days are calendar
 * days in the system timezone, written `YYYY-MM-DD`, and counted as dates (never as 24-hour spans), so a day
 * with a daylight-saving change counts as one day like any other.
 */

/** The days past due each bucket holds, inclusive; `max` null: no upper bound. */
export const AGING_BUCKET_DAYS: Readonly<Record<AgingBucket, { min: number | null; max: number | null }>> = {
  current: { min: null, max: 0 },
  '1_30': { min: 1, max: 30 },
  '31_60': { min: 31, max: 60 },
  '61_90': { min: 61, max: 90 },
  over_90: { min: 91, max: null },
};

/** The bucket of an amount `daysPastDue` days past its due day (0 or less: not yet due, `current`). */
export function agingBucket(daysPastDue: number): AgingBucket {
  for (const bucket of AGING_BUCKETS) {
    const { min, max } = AGING_BUCKET_DAYS[bucket];
    if ((min === null || daysPastDue >= min) && (max === null || daysPastDue <= max)) return bucket;
  }
  throw new Error(`no aging bucket holds ${daysPastDue} days`);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** `day` moved by `days` calendar days: addDays('2026-03-07', 1) = '2026-03-08'. */
export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round(dayNumber(to) - dayNumber(from));

/**
 * The day an order is due: the day it was confirmed (in the system timezone: PostgreSQL's `confirmed_at AT TIME
 * ZONE`, or isoDayIn) + the terms' days; null before it is confirmed.
 */
export const dueDay = (confirmedDay: string | null, termsDays: number): string | null =>
  confirmedDay === null ? null : addDays(confirmedDay, termsDays);

/** Days past due on `asOfDay` (the day after the due day is 1); 0 when not yet due or not due at all. */
export const daysPastDue = (due: string | null, asOfDay: string) =>
  due === null ? 0 : Math.max(0, daysBetween(due, asOfDay));

export type AgingCents = Record<AgingBucket, number>;

export const noAging = (): AgingCents => ({ current: 0, '1_30': 0, '31_60': 0, '61_90': 0, over_90: 0 });

/** An order with something unpaid, as of a day. */
export interface UnpaidOrder {
  /** the day it was confirmed in the system timezone; null: not confirmed (by the as-of day), so not yet due */
  confirmed_day: string | null;
  unpaid_cents: number;
}

/** What a dealer owes by bucket on `asOfDay`, the balance (the buckets' sum) and the oldest due day. */
export function ageUnpaid(
  orders: readonly UnpaidOrder[],
  terms: { termsDays: number; asOfDay: string },
): { aging: AgingCents; balance_cents: number; oldest_due_day: string | null } {
  const aging = noAging();
  let balance = 0;
  let oldest: string | null = null;
  for (const order of orders) {
    const due = dueDay(order.confirmed_day, terms.termsDays);
    aging[agingBucket(daysPastDue(due, terms.asOfDay))] += order.unpaid_cents;
    balance += order.unpaid_cents;
    if (due !== null && (oldest === null || due < oldest)) oldest = due;
  }
  return { aging, balance_cents: balance, oldest_due_day: oldest };
}

// ---------------------------------------------------------------------------------------------------------------
// The statement

/** A charged order as a statement reads it (placed within the range, or unpaid at its end). */
export interface StatementOrder {
  order_id: string;
  po_number: string | null;
  created_at: Date;
  /** the day of `created_at` in the system timezone */
  created_day: string;
  /** the day it was confirmed in the system timezone; null when not confirmed by the end of the statement's last day */
  confirmed_day: string | null;
  total_cents: number;
  on_hold: boolean;
}

export interface StatementPayment {
  payment_id: string;
  order_id: string;
  po_number: string | null;
  payment_method: PaymentMethod;
  check_number: string | null;
  amount_cents: number;
  created_at: Date;
  /** the day of `created_at` in the system timezone */
  day: string;
}

/** An order unpaid at the end of the statement's last day, with what had been paid on it by then. */
export interface StatementOpenOrder extends StatementOrder {
  paid_cents: number;
}

export interface StatementInput {
  from: string;
  to: string;
  timeZone: string;
  termsDays: number;
  /** orders minus payments before `from` */
  openingCents: number;
  /** the orders placed within [from, to] */
  orders: readonly StatementOrder[];
  /** the payments recorded within [from, to] */
  payments: readonly StatementPayment[];
  /** every order unpaid at the end of `to` (placed by then, minus its payments recorded by then) */
  openOrders: readonly StatementOpenOrder[];
}

export interface StatementLine {
  kind: 'order' | 'payment';
  at: Date;
  date: string;
  order_id: string;
  order_number: string;
  po_number: string | null;
  payment_id: string | null;
  description: string;
  due_date: string | null;
  charge_cents: number;
  payment_cents: number;
  balance_cents: number;
}

export interface StatementOpenInvoice {
  order_id: string;
  order_number: string;
  po_number: string | null;
  placed_date: string;
  due_date: string | null;
  total_cents: number;
  paid_cents: number;
  balance_cents: number;
  days_past_due: number;
  bucket: AgingBucket;
  on_hold: boolean;
}

/** A statement in cents: what the JSON answer and the PDF are both made from. */
export interface StatementModel {
  from: string;
  to: string;
  timeZone: string;
  termsDays: number;
  opening_cents: number;
  charges_cents: number;
  payments_cents: number;
  closing_cents: number;
  lines: StatementLine[];
  aging: AgingCents;
  open_invoices: StatementOpenInvoice[];
}

const PAYMENT_METHOD_WORDS: Record<PaymentMethod, string> = {
  cash: 'cash',
  card: 'card',
  check: 'check',
  other: 'other',
};

/** What joins the parts of a statement line's description ('Payment (check 2012341) · Order 7B3D4C1F'). */
export const DESCRIPTION_PART_SEPARATOR = ' · ';

function orderDescription(orderId: string, poNumber: string | null): string {
  const parts = [`Order ${orderNumber(orderId)}`, ...(poNumber ? [`PO ${poNumber}`] : [])];
  return parts.join(DESCRIPTION_PART_SEPARATOR);
}

function paymentDescription(payment: StatementPayment): string {
  const check = payment.payment_method === 'check' && payment.check_number?.trim();
  const how = `${PAYMENT_METHOD_WORDS[payment.payment_method]}${check ? ` ${check}` : ''}`;
  return [`Payment (${how})`, `Order ${orderNumber(payment.order_id)}`].join(DESCRIPTION_PART_SEPARATOR);
}

const KIND_RANK = { order: 0, payment: 1 } as const;

/**
 * Oldest first: by time, an order before a payment of the same instant, then by id compared by code unit — the
 * order of the JSON statement's keyset (data/statements.ts, `COLLATE "C"`), so its pages and the PDF agree.
 */
function byTime(a: StatementLine, b: StatementLine): number {
  const idA = a.payment_id ?? a.order_id;
  const idB = b.payment_id ?? b.order_id;
  return (
    a.at.getTime() - b.at.getTime() || KIND_RANK[a.kind] - KIND_RANK[b.kind] || (idA < idB ? -1 : idA > idB ? 1 : 0)
  );
}

/** Oldest due first; orders not yet due after them, oldest placed first. */
function byDue(a: StatementOpenInvoice, b: StatementOpenInvoice): number {
  if (a.due_date !== b.due_date) {
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return a.due_date < b.due_date ? -1 : 1;
  }
  return a.placed_date.localeCompare(b.placed_date) || a.order_id.localeCompare(b.order_id);
}

/**
 * The statement: the lines oldest first with the running balance after each, the closing balance (opening +
 * charges − payments), and what was unpaid at the end of `to` by days past due that day.
 */
const orderLine = (order: StatementOrder, termsDays: number): StatementLine => ({
  kind: 'order',
  at: order.created_at,
  date: order.created_day,
  order_id: order.order_id,
  order_number: orderNumber(order.order_id),
  po_number: order.po_number,
  payment_id: null,
  description: orderDescription(order.order_id, order.po_number),
  due_date: dueDay(order.confirmed_day, termsDays),
  charge_cents: order.total_cents,
  payment_cents: 0,
  balance_cents: 0,
});

const paymentLine = (payment: StatementPayment): StatementLine => ({
  kind: 'payment',
  at: payment.created_at,
  date: payment.day,
  order_id: payment.order_id,
  order_number: orderNumber(payment.order_id),
  po_number: payment.po_number,
  payment_id: payment.payment_id,
  description: paymentDescription(payment),
  due_date: null,
  charge_cents: 0,
  payment_cents: payment.amount_cents,
  balance_cents: 0,
});

/** Sets each line's running balance, from the balance before the first: answers the charges and payments. */
function carryBalance(lines: StatementLine[], beforeCents: number): { charges: number; payments: number } {
  let balance = beforeCents;
  let charges = 0;
  let payments = 0;
  for (const line of lines) {
    charges += line.charge_cents;
    payments += line.payment_cents;
    balance += line.charge_cents - line.payment_cents;
    line.balance_cents = balance;
  }
  return { charges, payments };
}

/** One entry of a statement page as read (data/statements.ts): an order, or a payment. */
export type StatementEntryRow = ({ kind: 'order' } & StatementOrder) | ({ kind: 'payment' } & StatementPayment);

/**
 * One page of a statement's lines, in the order read, with the running balance carried from `beforeCents`: the
 * opening balance plus the charges minus the payments of every entry of the range before the page.
 */
export function statementPageLines(
  rows: readonly StatementEntryRow[],
  beforeCents: number,
  termsDays: number,
): StatementLine[] {
  const lines = rows.map((row) => (row.kind === 'order' ? orderLine(row, termsDays) : paymentLine(row)));
  carryBalance(lines, beforeCents);
  return lines;
}

export function assembleStatement(input: StatementInput): StatementModel {
  const { timeZone, termsDays } = input;
  const lines: StatementLine[] = [
    ...input.orders.map((order) => orderLine(order, termsDays)),
    ...input.payments.map(paymentLine),
  ].sort(byTime);
  const { charges, payments } = carryBalance(lines, input.openingCents);
  const { aging, open_invoices } = ageOpenOrders(input.openOrders, termsDays, input.to);
  return {
    from: input.from,
    to: input.to,
    timeZone,
    termsDays,
    opening_cents: input.openingCents,
    charges_cents: charges,
    payments_cents: payments,
    closing_cents: input.openingCents + charges - payments,
    lines,
    aging,
    open_invoices,
  };
}

/** What was unpaid at the end of `to`: every open order oldest due first, and their sums by days past due then. */
export function ageOpenOrders(
  openOrders: readonly StatementOpenOrder[],
  termsDays: number,
  to: string,
): { aging: AgingCents; open_invoices: StatementOpenInvoice[] } {
  const aging = noAging();
  const openInvoices = openOrders
    .filter((order) => order.total_cents > order.paid_cents)
    .map((order): StatementOpenInvoice => {
      const dueDate = dueDay(order.confirmed_day, termsDays);
      const days = daysPastDue(dueDate, to);
      const bucket = agingBucket(days);
      const unpaid = order.total_cents - order.paid_cents;
      aging[bucket] += unpaid;
      return {
        order_id: order.order_id,
        order_number: orderNumber(order.order_id),
        po_number: order.po_number,
        placed_date: order.created_day,
        due_date: dueDate,
        total_cents: order.total_cents,
        paid_cents: order.paid_cents,
        balance_cents: unpaid,
        days_past_due: days,
        bucket,
        on_hold: order.on_hold,
      };
    })
    .sort(byDue);
  return { aging, open_invoices: openInvoices };
}

/** The statement's days: `to` defaults to today, `from` to `defaultDays` before `to`. */
export function statementRange(
  query: { from?: string; to?: string },
  today: string,
  defaultDays: number,
): { from: string; to: string } {
  const to = query.to ?? today;
  return { from: query.from ?? addDays(to, -defaultDays), to };
}

/** Why a range cannot be a statement ('order': from after to; 'length': more than `maxDays` days), or null. */
export function statementRangeRefusal(range: { from: string; to: string }, maxDays: number): 'order' | 'length' | null {
  const days = daysBetween(range.from, range.to);
  if (days < 0) return 'order';
  return days + 1 > maxDays ? 'length' : null;
}

/** `statement-<business name as a slug, else the dealer id>-<from>-<to>.pdf` (ASCII only, for any client). */
export function statementFileName(dealerId: string, businessName: string | null, from: string, to: string): string {
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '');
  const name = slug(businessName ?? '') || slug(dealerId) || 'dealer';
  return `statement-${name}-${from}-${to}.pdf`;
}

// ---------------------------------------------------------------------------------------------------------------
// At the JSON edge (dollars) and in the CSV export

const agingView = (aging: AgingCents): AgingBuckets => ({
  current: centsToDollars(aging.current),
  '1_30': centsToDollars(aging['1_30']),
  '31_60': centsToDollars(aging['31_60']),
  '61_90': centsToDollars(aging['61_90']),
  over_90: centsToDollars(aging.over_90),
});

/**
 * What the JSON statement answers: the summary of the whole range with one page of its lines and the first
 * open invoices (`lines` and `open_invoices` cut; the counts say how many there are in all).
 */
export interface StatementPage extends StatementModel {
  entry_count: number;
  next_cursor: string | null;
  open_invoice_count: number;
}

/** The contract's Statement: dollars made from cents only here. */
export function statementView(
  statement: StatementPage,
  dealer: { dealer_id: string; business_name: string | null; credit_limit_cents: number | null },
): Statement {
  return {
    dealer_id: dealer.dealer_id,
    dealer_business_name: dealer.business_name,
    from: statement.from,
    to: statement.to,
    timezone: statement.timeZone,
    payment_terms_days: statement.termsDays,
    credit_limit: dealer.credit_limit_cents === null ? null : centsToDollars(dealer.credit_limit_cents),
    opening_balance: centsToDollars(statement.opening_cents),
    total_charges: centsToDollars(statement.charges_cents),
    total_payments: centsToDollars(statement.payments_cents),
    closing_balance: centsToDollars(statement.closing_cents),
    entries: statement.lines.map((line) => ({
      kind: line.kind,
      at: line.at.toISOString(),
      date: line.date,
      order_id: line.order_id,
      order_number: line.order_number,
      po_number: line.po_number,
      payment_id: line.payment_id,
      description: line.description,
      due_date: line.due_date,
      charge: centsToDollars(line.charge_cents),
      payment: centsToDollars(line.payment_cents),
      balance: centsToDollars(line.balance_cents),
    })),
    entry_count: statement.entry_count,
    next_cursor: statement.next_cursor,
    aging: agingView(statement.aging),
    open_invoices: statement.open_invoices.map((invoice) => ({
      order_id: invoice.order_id,
      order_number: invoice.order_number,
      po_number: invoice.po_number,
      placed_date: invoice.placed_date,
      due_date: invoice.due_date,
      total: centsToDollars(invoice.total_cents),
      paid: centsToDollars(invoice.paid_cents),
      balance: centsToDollars(invoice.balance_cents),
      days_past_due: invoice.days_past_due,
      bucket: invoice.bucket,
      on_hold: invoice.on_hold,
    })),
    open_invoice_count: statement.open_invoice_count,
  };
}

/** One dealer of the AR aging report as read: its terms and its unpaid orders (now). */
export interface ArAgingDealer {
  dealer_id: string;
  business_name: string | null;
  full_name: string | null;
  email: string | null;
  payment_terms_days: number;
  /** bigint as text, or null: no limit */
  credit_limit_cents: string | null;
  unpaid: readonly UnpaidOrder[];
}

/** The report's line of a dealer: its unpaid orders aged on `asOfDay`. */
export function arAgingRow(dealer: ArAgingDealer, asOf: { asOfDay: string }): ArAgingRow {
  const aged = ageUnpaid(dealer.unpaid, { termsDays: dealer.payment_terms_days, asOfDay: asOf.asOfDay });
  return {
    dealer_id: dealer.dealer_id,
    dealer_business_name: dealer.business_name,
    dealer_email: dealer.email,
    payment_terms_days: dealer.payment_terms_days,
    credit_limit: dealer.credit_limit_cents === null ? null : centsToDollars(Number(dealer.credit_limit_cents)),
    ...agingView(aged.aging),
    balance: centsToDollars(aged.balance_cents),
    oldest_due_date: aged.oldest_due_day,
  };
}

export const AR_AGING_CSV_HEADER = [
  'Dealer',
  'Email',
  'Terms (days)',
  'Credit limit',
  'Current',
  '1–30',
  '31–60',
  '61–90',
  'Over 90',
  'Balance',
  'Oldest due',
] as const;

/** The dealer's name as the lists show it: business name, else contact name, else email, else its id. */
const dealerName = (dealer: ArAgingDealer) =>
  dealer.business_name?.trim() || dealer.full_name?.trim() || dealer.email?.trim() || dealer.dealer_id;

/** One dealer as a CSV record: text cells made inert, money in dollars with 2 decimals, the terms a number. */
export function arAgingCsvRow(dealer: ArAgingDealer, asOf: { asOfDay: string }): CsvCell[] {
  const aged = ageUnpaid(dealer.unpaid, { termsDays: dealer.payment_terms_days, asOfDay: asOf.asOfDay });
  return [
    inertCsvCell(dealerName(dealer)),
    inertCsvCell(dealer.email ?? ''),
    dealer.payment_terms_days,
    dealer.credit_limit_cents === null ? '' : formatCents(Number(dealer.credit_limit_cents)),
    ...AGING_BUCKETS.map((bucket) => formatCents(aged.aging[bucket])),
    formatCents(aged.balance_cents),
    aged.oldest_due_day ?? '',
  ];
}

/** ar-aging-2026-11-27.csv: the as-of day. */
export const arAgingCsvFilename = (asOfDay: string) => `ar-aging-${asOfDay}.csv`;
