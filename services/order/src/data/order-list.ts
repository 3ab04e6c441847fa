import type { OrderStatus, PaymentStatus } from '@portal/contracts';
import {
  containsPattern,
  countRows,
  type KeysetOrders,
  type PageRequest,
  type RowCountsSpec,
  readPage,
  resolveSort,
  SYSTEM_TIMEZONE_SQL,
} from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { OrderRecord } from '../domain/order-view';
import { ORDER_JSON } from './orders';

/** The columns a client may sort the orders lists by. */
export type OrderSort = 'created_at' | 'total_value' | 'dealer_business_name' | 'status';

/**
 * The orders lists' orders, each ending with the order id: every one is read from its index (migration
 * 1767400000000). The default is the specification's answer: newest first.
 */
export const ORDER_LIST_ORDERS: KeysetOrders<OrderSort> = {
  sorts: {
    created_at: [{ sql: 'o.created_at', type: 'timestamptz' }],
    total_value: [{ sql: 'o.total_cents', type: 'bigint' }],
    dealer_business_name: [{ sql: 'o.dealer_sort_name', type: 'text' }],
    status: [
      { sql: 'o.status', type: 'text' },
      { sql: 'o.created_at', type: 'timestamptz' },
    ],
  },
  tieBreaker: { sql: 'o.order_id', type: 'text' },
  defaultSort: '-created_at',
};

/** Which orders a list shows; every part is optional (none: every order). */
export interface OrderFilter {
  /** the dealer-orders path's dealer */
  scopeDealerId?: string;
  dealerId?: string;
  statuses?: readonly OrderStatus[];
  paymentStatuses?: readonly PaymentStatus[];
  /** true: only the orders on credit hold; false: only the others */
  onHold?: boolean;
  /** text in the order number or the dealer's business name, contact name, email or city */
  search?: string;
  /** `YYYY-MM-DD`, inclusive, as days in `timezone` */
  from?: string;
  to?: string;
  timezone: string;
}

/** The filter as SQL conditions over `orders o`, with their parameters. */
function conditionsOf(filter: OrderFilter): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  // one value compares with `=`, so the planner reads the (status, created_at, order_id) index in order
  const oneOf = (column: string, values: readonly string[]) =>
    values.length === 1 ? `${column} = ${param(values[0])}` : `${column} = ANY(${param(values)}::text[])`;
  if (filter.scopeDealerId !== undefined) where.push(`o.dealer_id = ${param(filter.scopeDealerId)}`);
  if (filter.dealerId !== undefined) where.push(`o.dealer_id = ${param(filter.dealerId)}`);
  if (filter.statuses?.length) where.push(oneOf('o.status', filter.statuses));
  if (filter.paymentStatuses?.length) where.push(oneOf('o.payment_status', filter.paymentStatuses));
  // `o.on_hold` as written is the predicate of the held orders' partial index (migration 1771000000000)
  if (filter.onHold !== undefined) where.push(filter.onHold ? 'o.on_hold' : 'NOT o.on_hold');
  if (filter.search) where.push(`o.search_text ILIKE ${param(containsPattern(filter.search))}`);
  if (filter.from !== undefined || filter.to !== undefined) {
    const zone = param(filter.timezone);
    if (filter.from !== undefined)
      where.push(`o.created_at >= (${param(filter.from)}::date)::timestamp AT TIME ZONE ${zone}::text`);
    if (filter.to !== undefined)
      where.push(`o.created_at < (${param(filter.to)}::date + 1)::timestamp AT TIME ZONE ${zone}::text`);
  }
  return { where, params };
}

/** Whether the filter's total is answered by the counter table: nothing but statuses and payment statuses. */
const countedByCounters = (filter: OrderFilter) =>
  filter.scopeDealerId === undefined &&
  filter.dealerId === undefined &&
  filter.onHold === undefined &&
  !filter.search &&
  filter.from === undefined &&
  filter.to === undefined;

/** The orders counted per status and payment status (migration OrderListIndexes1767400000000). */
export const ORDER_COUNTS: RowCountsSpec = {
  table: 'orders',
  counts: 'order_counts',
  columns: ['status', 'payment_status'],
};

/**
 * One page of the orders that match `filter` (or all of them, in the same order, when the request asks for no
 * page). `filterKey` names the filter for the cursor. The total is exact: from the counters when the filter
 * is only statuses, else counted over the filter's index.
 */
export async function readOrderPage(
  manager: EntityManager,
  request: PageRequest,
  filter: OrderFilter,
  filterKey: unknown,
) {
  const { where, params } = conditionsOf(filter);
  const page = await readPage<{ record: OrderRecord }, OrderSort>(manager, ORDER_LIST_ORDERS, request, {
    select: ORDER_JSON,
    from: 'FROM orders o',
    where,
    params,
    filterKey,
    count: countedByCounters(filter)
      ? () => countRows(manager, ORDER_COUNTS, { status: filter.statuses, payment_status: filter.paymentStatuses })
      : undefined,
  });
  return { records: page.rows.map((row) => row.record), page: page.page };
}

/**
 * The statement reading every order that matches `filter`, in the list's `sort`, as OrderCsvSource rows (the
 * order's day in the system timezone): what the CSV export streams through a server-side cursor.
 */
export function orderCsvQuery(sort: string | undefined, filter: OrderFilter): { sql: string; params: unknown[] } {
  const { where, params } = conditionsOf(filter);
  const { orderBy } = resolveSort(ORDER_LIST_ORDERS, sort);
  const sql = `SELECT o.order_id, o.dealer_id,
      to_char(o.created_at AT TIME ZONE ${SYSTEM_TIMEZONE_SQL}, 'YYYY-MM-DD') AS order_date, o.status,
      o.total_cents::text AS total_cents, o.paid_cents::text AS paid_cents,
      d.business_name, d.full_name, d.email, o.po_number,
      (SELECT coalesce(sum(l.quantity), 0) FROM order_lines l WHERE l.order_id = o.order_id)::text AS item_count
    FROM orders o LEFT JOIN known_dealers d ON d.dealer_id = o.dealer_id
    ${where.length ? `WHERE ${where.map((c) => `(${c})`).join(' AND ')}` : ''}
    ORDER BY ${orderBy}`;
  return { sql, params };
}
