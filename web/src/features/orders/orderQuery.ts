import { type OrderListQuery, type OrderStatus, PAYMENT_STATUSES, type PaymentStatus } from '@portal/contracts';
import { ORDER_STATUSES } from '@portal/contracts/values';
import type { z } from 'zod';
import { nounFor } from '../../format/count';
import type { ColumnSort } from '../../ui/columnSort';
import type { ChosenDealer } from '../dealers/dealerChoice';

/** Every status an order can have, as the Orders tab's Status filter offers them (issue 18: all of them). */
export const ORDER_STATUS_CHOICES: readonly OrderStatus[] = ORDER_STATUSES;
/** Every payment status, as the Payment filter offers them. */
export const PAYMENT_STATUS_CHOICES: readonly PaymentStatus[] = PAYMENT_STATUSES;

/** The Hold filter's choices: the orders on credit hold (waiting for an admin's release), or the others. */
export const HOLD_CHOICES = ['held', 'not_held'] as const;
export type HoldChoice = (typeof HOLD_CHOICES)[number];
export const HOLD_CHOICE_LABELS: Record<HoldChoice, string> = { held: 'On hold', not_held: 'Not on hold' };

/** The admin Orders tab's filters, as the toolbar holds them; each blank value is "any". */
export interface OrderListFilters {
  /** order number, dealer business and contact name, email, city (the server searches) */
  search: string;
  status: OrderStatus | '';
  payment: PaymentStatus | '';
  hold: HoldChoice | '';
  dealer: ChosenDealer | null;
  /** YYYY-MM-DD, inclusive; '' is open-ended */
  from: string;
  to: string;
}
export const NO_ORDER_LIST_FILTERS: OrderListFilters = {
  search: '',
  status: '',
  payment: '',
  hold: '',
  dealer: null,
  from: '',
  to: '',
};

/** The Orders tab's columns the server sorts by; items, order number and payment are not sortable. */
export type OrderListSortColumn = 'date' | 'dealer' | 'total' | 'status';
export type OrderListSort = ColumnSort<OrderListSortColumn>;

const SERVER_SORT = {
  date: 'created_at',
  dealer: 'dealer_business_name',
  total: 'total_value',
  status: 'status',
} as const satisfies Record<OrderListSortColumn, string>;

/** What the client sends to all-orders (and its CSV export), as the contract reads it. */
export type OrderListParams = z.input<typeof OrderListQuery>;

/** A date the server takes (YYYY-MM-DD): a half-typed date input is left out rather than refused. */
const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The query of the Orders tab for its filters, sort and search (the search text as it settled after typing):
 * blank filters are left out, the sort is the server's column (`-column` for descending).
 */
export function orderListQuery(
  filters: OrderListFilters,
  sort: OrderListSort,
  search = filters.search,
): OrderListParams {
  const query: OrderListParams = { sort: `${sort.ascending ? '' : '-'}${SERVER_SORT[sort.column]}` };
  const q = search.trim();
  if (q) query.q = q;
  if (filters.status) query.status = filters.status;
  if (filters.payment) query.payment_status = filters.payment;
  if (filters.hold) query.on_hold = filters.hold === 'held' ? 'true' : 'false';
  if (filters.dealer) query.dealer_id = filters.dealer.dealer_id;
  if (FULL_DATE.test(filters.from)) query.from = filters.from;
  if (FULL_DATE.test(filters.to)) query.to = filters.to;
  return query;
}

/** Whether any filter or search narrows the list (the count then reads "N orders match"). */
export function narrowsOrders(filters: OrderListFilters): boolean {
  return (
    filters.search.trim() !== '' ||
    filters.status !== '' ||
    filters.payment !== '' ||
    filters.hold !== '' ||
    filters.dealer !== null ||
    FULL_DATE.test(filters.from) ||
    FULL_DATE.test(filters.to)
  );
}

/** The count above the table, from the server's total; undefined while the first page is on its way. */
export function orderCountText(total: number | undefined, narrowed: boolean): string {
  if (total === undefined) return 'Loading orders…';
  const noun = nounFor(total, 'order', 'orders');
  if (!narrowed) return `${total} ${noun}`;
  return `${total} ${noun} ${nounFor(total, 'matches', 'match')} your filters`;
}
