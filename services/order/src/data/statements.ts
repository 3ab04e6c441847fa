import { type AgingBucket, PAGE_LIMIT_DEFAULT } from '@portal/contracts';
import { containsPattern, type KeysetOrders, type PageRequest, readPage, resolveSort } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import {
  AGING_BUCKET_DAYS,
  type ArAgingDealer,
  type StatementEntryRow,
  type StatementOpenOrder,
  type StatementOrder,
  type StatementPayment,
} from '../domain/aging';
import type { OrderDealer } from '../domain/order-view';

/**
 * Statements and the AR aging report (issue 24). Charges are a dealer's orders that are not cancelled, dated by
 * when they were placed; payments are those orders' payments, dated by when they were recorded. Days are
 * bounded in the system timezone: a day `d` is [start of d, start of d + 1) there.
 */

/** What a statement shows of its dealer: the directory's fields and its own terms (null: default / no limit). */
export interface StatementDealer extends OrderDealer {
  dealer_id: string;
  payment_terms_days: number | null;
  credit_limit_cents: number | null;
}

interface DealerRow extends OrderDealer {
  dealer_id: string;
  payment_terms_days: number | null;
  credit_limit_cents: string | null;
}

/** The dealer as the order service knows it (known_dealers), with its terms; null for a dealer never announced. */
export async function findStatementDealer(manager: EntityManager, dealerId: string): Promise<StatementDealer | null> {
  const rows: DealerRow[] = await manager.query(
    `SELECT d.dealer_id, d.business_name, d.full_name, d.email, d.phone, d.address, d.city, d.state, d.zip_code,
       t.payment_terms_days, t.credit_limit_cents::text AS credit_limit_cents
     FROM known_dealers d LEFT JOIN dealer_terms t ON t.dealer_id = d.dealer_id
     WHERE d.dealer_id = $1`,
    [dealerId],
  );
  const row = rows[0];
  if (!row) return null;
  return { ...row, credit_limit_cents: row.credit_limit_cents === null ? null : Number(row.credit_limit_cents) };
}

/** $1 dealer, $2 first day, $3 last day, $4 timezone: the range's first instant and the instant after it. */
const BOUNDS = `(SELECT ($2::date)::timestamp AT TIME ZONE $4::text AS start_at,
    ($3::date + 1)::timestamp AT TIME ZONE $4::text AS end_at) b`;

/**
 * The opening balance of the range ($1 dealer, $2 first day, $4 timezone): orders minus payments before it. The
 * payments are summed per order of the dealer placed before it (a payment is recorded on an order that exists,
 * so one before the range is an earlier order's), by LATERAL on `payments_order_idx`: joined as a set, the
 * planner walks `payments_created_idx` over every dealer's earlier payments instead (~100 ms with 1,000,000
 * orders).
 */
const OPENING = `(SELECT (SELECT coalesce(sum(o.total_cents), 0) FROM orders o
      WHERE o.dealer_id = $1 AND o.status <> 'cancelled' AND o.created_at < b.start_at)
    - (SELECT coalesce(sum(paid.cents), 0) FROM orders o
      CROSS JOIN LATERAL (SELECT sum(p.amount_cents) AS cents FROM payments p
        WHERE p.order_id = o.order_id AND p.created_at < b.start_at) paid
      WHERE o.dealer_id = $1 AND o.status <> 'cancelled' AND o.created_at < b.start_at) FROM ${BOUNDS})`;

/** `x` as its day in the timezone $4 (PostgreSQL's zone rules: cheaper than Intl for thousands of rows). */
const dayOf = (x: string) => `to_char(${x} AT TIME ZONE $4::text, 'YYYY-MM-DD')`;

/** The order's days; a confirmation after the range's end is not one yet as of that end. */
const ORDER_DAYS = `${dayOf('o.created_at')} AS created_day,
  CASE WHEN o.confirmed_at < b.end_at THEN ${dayOf('o.confirmed_at')} END AS confirmed_day`;

interface OrderRow {
  order_id: string;
  po_number: string | null;
  created_at: Date;
  created_day: string;
  confirmed_day: string | null;
  total_cents: string;
  on_hold: boolean;
}

const orderOf = (row: OrderRow): StatementOrder => ({
  order_id: row.order_id,
  po_number: row.po_number,
  created_at: row.created_at,
  created_day: row.created_day,
  confirmed_day: row.confirmed_day,
  total_cents: Number(row.total_cents),
  on_hold: row.on_hold,
});

export interface StatementRows {
  openingCents: number;
  orders: StatementOrder[];
  payments: StatementPayment[];
  openOrders: StatementOpenOrder[];
}

/**
 * What a statement of `dealerId` over [from, to] is made of: the opening balance (one aggregate over what came
 * before), the orders and payments within the range, and the orders unpaid at its end with what had been paid
 * on them by then. Run in one REPEATABLE READ snapshot by the caller, so the parts agree with each other.
 */
export async function readStatementRows(
  manager: EntityManager,
  dealerId: string,
  range: { from: string; to: string; timeZone: string },
): Promise<StatementRows> {
  const params = [dealerId, range.from, range.to, range.timeZone];
  const opening: { cents: string }[] = await manager.query(`SELECT ${OPENING}::text AS cents`, params);
  const orders: OrderRow[] = await manager.query(
    `SELECT o.order_id, o.po_number, o.created_at, ${ORDER_DAYS}, o.total_cents::text AS total_cents, o.on_hold
     FROM orders o, ${BOUNDS}
     WHERE o.dealer_id = $1 AND o.status <> 'cancelled' AND o.created_at >= b.start_at AND o.created_at < b.end_at`,
    params,
  );
  const payments: (Omit<StatementPayment, 'amount_cents'> & { amount_cents: string })[] = await manager.query(
    `SELECT p.payment_id, p.order_id, o.po_number, p.payment_method, p.check_number,
       p.amount_cents::text AS amount_cents, p.created_at, ${dayOf('p.created_at')} AS day
     FROM payments p JOIN orders o ON o.order_id = p.order_id, ${BOUNDS}
     WHERE o.dealer_id = $1 AND o.status <> 'cancelled' AND p.created_at >= b.start_at AND p.created_at < b.end_at`,
    params,
  );
  return {
    openingCents: Number(opening[0]?.cents ?? 0),
    orders: orders.map(orderOf),
    payments: payments.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) })),
    openOrders: await readOpenOrders(manager, params),
  };
}

/** Every order of the dealer unpaid at the end of the range, with what had been paid on it by then. */
async function readOpenOrders(manager: EntityManager, params: unknown[]): Promise<StatementOpenOrder[]> {
  // unpaid at the end: unpaid now, or paid in full only by a payment recorded after the end
  const open: (OrderRow & { paid_cents: string })[] = await manager.query(
    `SELECT o.order_id, o.po_number, o.created_at, ${ORDER_DAYS}, o.total_cents::text AS total_cents, o.on_hold,
       paid.cents::text AS paid_cents
     FROM orders o CROSS JOIN ${BOUNDS}
     CROSS JOIN LATERAL (SELECT coalesce(sum(p.amount_cents), 0) AS cents FROM payments p
       WHERE p.order_id = o.order_id AND p.created_at < b.end_at) paid
     WHERE o.dealer_id = $1 AND o.status <> 'cancelled' AND o.created_at < b.end_at
       AND (o.paid_cents < o.total_cents
         OR EXISTS (SELECT 1 FROM payments later WHERE later.order_id = o.order_id AND later.created_at >= b.end_at))
       AND paid.cents < o.total_cents`,
    params,
  );
  return open.map((row) => ({ ...orderOf(row), paid_cents: Number(row.paid_cents) }));
}

// ---------------------------------------------------------------------------------------------------------------
// The JSON statement: one page of entries by keyset, its figures by aggregate

/**
 * The range's entries as one relation named `alias` ($1 dealer, $2 first day, $3 last day, $4 timezone): the orders placed
 * and the payments recorded within it, each with the key the statement is read in — oldest first, an order before
 * a payment of the same instant, then the id by code unit (the PDF's order: domain/aging.ts `byTime`).
 */
const entries = (
  alias: string,
) => `(SELECT 'order' AS kind, o.created_at AS at, 0 AS kind_rank, o.order_id AS entry_id, o.order_id,
      o.po_number, CASE WHEN o.confirmed_at < b.end_at THEN o.confirmed_at END AS confirmed_at, o.on_hold,
      o.total_cents::bigint AS charge_cents, NULL::text AS payment_id, NULL::text AS payment_method,
      NULL::text AS check_number, 0::bigint AS payment_cents
    FROM orders o, ${BOUNDS}
    WHERE o.dealer_id = $1 AND o.status <> 'cancelled' AND o.created_at >= b.start_at AND o.created_at < b.end_at
  UNION ALL
  SELECT 'payment', p.created_at, 1, p.payment_id, p.order_id, o.po_number, NULL, false, 0, p.payment_id,
      p.payment_method::text, p.check_number, p.amount_cents::bigint
    FROM payments p JOIN orders o ON o.order_id = p.order_id, ${BOUNDS}
    WHERE o.dealer_id = $1 AND o.status <> 'cancelled' AND p.created_at >= b.start_at AND p.created_at < b.end_at) ${alias}`;

/** The statement's one order: its entries' key (`entries`); the id compared by code unit, as the PDF sorts. */
export const STATEMENT_ENTRY_ORDERS: KeysetOrders<'at'> = {
  sorts: {
    at: [
      { sql: 'e.at', type: 'timestamptz' },
      { sql: 'e.kind_rank', type: 'integer' },
    ],
  },
  tieBreaker: { sql: 'e.entry_id COLLATE "C"', type: 'text' },
  defaultSort: 'at',
};

interface EntryRow {
  kind: 'order' | 'payment';
  at: Date;
  kind_rank: number;
  entry_id: string;
  order_id: string;
  po_number: string | null;
  day: string;
  confirmed_day: string | null;
  on_hold: boolean;
  charge_cents: string;
  payment_id: string | null;
  payment_method: StatementPayment['payment_method'] | null;
  check_number: string | null;
  payment_cents: string;
}

const entryOf = (row: EntryRow): StatementEntryRow =>
  row.kind === 'order'
    ? {
        kind: 'order',
        order_id: row.order_id,
        po_number: row.po_number,
        created_at: row.at,
        created_day: row.day,
        confirmed_day: row.confirmed_day,
        total_cents: Number(row.charge_cents),
        on_hold: row.on_hold,
      }
    : {
        kind: 'payment',
        payment_id: row.payment_id ?? row.entry_id,
        order_id: row.order_id,
        po_number: row.po_number,
        payment_method: row.payment_method ?? 'other',
        check_number: row.check_number,
        amount_cents: Number(row.payment_cents),
        created_at: row.at,
        day: row.day,
      };

export interface StatementPageRows {
  /** the page's entries, oldest first */
  entries: StatementEntryRow[];
  nextCursor: string | null;
  /** orders minus payments before `from` */
  openingCents: number;
  /** over the whole range */
  entryCount: number;
  chargesCents: number;
  paymentsCents: number;
  /** the opening balance plus the charges minus the payments of the range's entries before the page */
  beforeCents: number;
  openOrders: StatementOpenOrder[];
}

/**
 * The range's entries with the figures of the whole range on every row, by window: the running sum of charges
 * minus payments up to and including the row (in the keyset's order), the count and the sums of the range. The
 * keyset condition of a later page applies outside this subquery, so every figure still covers the whole range
 * and the range is read once per page.
 */
const ENTRIES_WITH_FIGURES = `(SELECT x.*,
    sum(x.charge_cents - x.payment_cents) OVER (ORDER BY x.at, x.kind_rank, x.entry_id COLLATE "C"
      ROWS UNBOUNDED PRECEDING) AS running_cents,
    count(*) OVER () AS entry_count, sum(x.charge_cents) OVER () AS range_charges,
    sum(x.payment_cents) OVER () AS range_payments
  FROM ${entries('x')}) e`;

interface FigureColumns {
  opening_cents: string;
  running_cents: string;
  entry_count: string;
  range_charges: string;
  range_payments: string;
}

/**
 * One page of a statement's entries by keyset (`request`: limit, default PAGE_LIMIT_DEFAULT, and cursor), and the
 * figures of the whole range by aggregate, never by carrying every entry out of the database: the opening
 * balance, the count and sums of the range's entries, and the running balance of each entry of the page (summed
 * by the database over every entry before it, never taken from the client). Run in one REPEATABLE READ
 * snapshot by the caller, so the parts agree.
 */
export async function readStatementPage(
  manager: EntityManager,
  dealerId: string,
  range: { from: string; to: string; timeZone: string },
  request: { limit?: number; cursor?: string },
): Promise<StatementPageRows> {
  const params = [dealerId, range.from, range.to, range.timeZone];
  const page = await readPage<EntryRow & FigureColumns & Record<string, unknown>, 'at'>(
    manager,
    STATEMENT_ENTRY_ORDERS,
    { limit: request.limit ?? PAGE_LIMIT_DEFAULT, cursor: request.cursor },
    {
      select: `e.kind, e.at, e.kind_rank, e.entry_id, e.order_id, e.po_number,
        ${dayOf('e.at')} AS day, ${dayOf('e.confirmed_at')} AS confirmed_day, e.on_hold,
        e.charge_cents::text AS charge_cents, e.payment_id, e.payment_method, e.check_number,
        e.payment_cents::text AS payment_cents, ${OPENING}::text AS opening_cents,
        e.running_cents::text AS running_cents, e.entry_count::text AS entry_count,
        e.range_charges::text AS range_charges, e.range_payments::text AS range_payments`,
      from: `FROM ${ENTRIES_WITH_FIGURES}`,
      where: [],
      params,
      // the same statement of another dealer or other days is another list
      filterKey: { dealerId, from: range.from, to: range.to },
      // entry_count comes with the rows
      count: async () => 0,
    },
  );
  const openOrders = await readOpenOrders(manager, params);
  const first = page.rows[0];
  const pageEntries = page.rows.map(entryOf);
  const nextCursor = page.page?.next_cursor ?? null;
  if (!first) {
    // no entry on this page (an empty range): the figures without the window
    const figures: { opening: string; n: number; charges: string; payments: string }[] = await manager.query(
      `SELECT ${OPENING}::text AS opening, count(*)::integer AS n, coalesce(sum(e.charge_cents), 0)::text AS charges,
         coalesce(sum(e.payment_cents), 0)::text AS payments
       FROM ${entries('e')}`,
      params,
    );
    const sums = figures[0];
    const openingCents = Number(sums?.opening ?? 0);
    return {
      entries: pageEntries,
      nextCursor,
      openingCents,
      entryCount: sums?.n ?? 0,
      chargesCents: Number(sums?.charges ?? 0),
      paymentsCents: Number(sums?.payments ?? 0),
      beforeCents: openingCents,
      openOrders,
    };
  }
  const openingCents = Number(first.opening_cents);
  // the running sum includes the first entry itself
  const beforeCents =
    openingCents + Number(first.running_cents) - Number(first.charge_cents) + Number(first.payment_cents);
  return {
    entries: pageEntries,
    nextCursor,
    openingCents,
    entryCount: Number(first.entry_count),
    chargesCents: Number(first.range_charges),
    paymentsCents: Number(first.range_payments),
    beforeCents,
    openOrders,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The AR aging report

/** By business name (case-insensitive, nameless dealers last), then dealer id: `known_dealers_name_idx`. */
export const AR_AGING_ORDERS: KeysetOrders<'dealer_business_name'> = {
  sorts: { dealer_business_name: [{ sql: 'lower(d.business_name)', type: 'text', nullable: true }] },
  tieBreaker: { sql: 'd.dealer_id', type: 'text' },
  defaultSort: 'dealer_business_name',
};

export interface ArAgingFilter {
  search?: string;
  pastDue?: readonly AgingBucket[];
  /** the terms of a dealer without its own (defaultTermsDays) */
  defaultTermsDays: number;
  /** `YYYY-MM-DD`, and the zone its days are counted in: for `pastDue` */
  asOfDay: string;
  timeZone: string;
}

/**
 * What the report's `q` searches: business name, contact name and email, one per line so a search never spans
 * two; `known_dealers_search_idx` is a trigram index of exactly this expression (columns of `table`, e.g. 'd.').
 */
export function dealerSearchText(table = ''): string {
  const text = (column: string) => `coalesce(${table}${column}, '')`;
  return `${text('business_name')} || E'\\n' || ${text('full_name')} || E'\\n' || ${text('email')}`;
}

/** What an order owes, kept in `orders_unpaid_dealer_idx` (migration 1770700000000): the predicate of that index. */
const UNPAID = "o.dealer_id = d.dealer_id AND o.status <> 'cancelled' AND o.paid_cents < o.total_cents";

/**
 * The report's statement parts. A dealer is kept when it has an unpaid order (with `pastDue`: one that many days
 * past due, the buckets' bounds from domain/aging.ts); the dealer's unpaid orders are aggregated in the select
 * list, which PostgreSQL evaluates only for the rows a page returns.
 */
function arAgingParts(filter: ArAgingFilter) {
  const params: unknown[] = [filter.defaultTermsDays, filter.timeZone];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const terms = 'coalesce(t.payment_terms_days, $1::integer)';
  let pastDue = '';
  if (filter.pastDue?.length) {
    // the same days past due as domain/aging.ts: calendar days from the confirmation day + terms to the as-of day
    const days = `CASE WHEN o.confirmed_at IS NULL THEN 0 ELSE ${param(filter.asOfDay)}::date
      - ((o.confirmed_at AT TIME ZONE $2::text)::date + ${terms}) END`;
    const within = filter.pastDue.map((bucket) => {
      const { min, max } = AGING_BUCKET_DAYS[bucket];
      const bounds = [min === null ? null : `${days} >= ${min}`, max === null ? null : `${days} <= ${max}`];
      return `(${bounds.filter((b) => b !== null).join(' AND ')})`;
    });
    pastDue = ` AND (${within.join(' OR ')})`;
  }
  const where = [`EXISTS (SELECT 1 FROM orders o WHERE ${UNPAID}${pastDue})`];
  if (filter.search) {
    where.push(`(${dealerSearchText('d.')}) ILIKE ${param(containsPattern(filter.search))}`);
  }
  return {
    select: `d.dealer_id, d.business_name, d.full_name, d.email, ${terms} AS payment_terms_days,
      t.credit_limit_cents::text AS credit_limit_cents,
      (SELECT coalesce(json_agg(json_build_object(
          'confirmed_day', to_char(o.confirmed_at AT TIME ZONE $2::text, 'YYYY-MM-DD'),
          'unpaid_cents', o.total_cents - o.paid_cents)), '[]'::json)
        FROM orders o WHERE ${UNPAID}) AS unpaid`,
    from: 'FROM known_dealers d LEFT JOIN dealer_terms t ON t.dealer_id = d.dealer_id',
    where,
    params,
  };
}

/**
 * One page of the report (or all of it without limit/cursor). No total: counting every dealer with a balance
 * means visiting every unpaid order, which costs more than the page (the cursor carries 0).
 */
export async function readArAgingPage(
  manager: EntityManager,
  request: PageRequest,
  filter: ArAgingFilter,
  filterKey: unknown,
): Promise<{ rows: ArAgingDealer[]; nextCursor: string | null | undefined }> {
  const parts = arAgingParts(filter);
  const page = await readPage<ArAgingDealer & Record<string, unknown>, 'dealer_business_name'>(
    manager,
    AR_AGING_ORDERS,
    request,
    { ...parts, filterKey, count: async () => 0 },
  );
  return { rows: page.rows, nextCursor: page.page?.next_cursor };
}

/** The statement reading every dealer of the report in its order: what the CSV export streams. */
export function arAgingCsvQuery(sort: string | undefined, filter: ArAgingFilter): { sql: string; params: unknown[] } {
  const { select, from, where, params } = arAgingParts(filter);
  const { orderBy } = resolveSort(AR_AGING_ORDERS, sort);
  return {
    sql: `SELECT ${select} ${from} WHERE ${where.map((c) => `(${c})`).join(' AND ')} ORDER BY ${orderBy}`,
    params,
  };
}
