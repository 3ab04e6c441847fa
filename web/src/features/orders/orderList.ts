import type { Order, OrderStatus, PaymentStatus } from '@portal/contracts';
import { centsOf } from './orderMoney';

/** The Orders tab's status filter (000 §4: pending, confirmed, shipped, cancelled); '' is All Statuses. */
export const STATUS_FILTER_OPTIONS = ['pending', 'confirmed', 'shipped', 'cancelled'] as const;
export type StatusFilter = (typeof STATUS_FILTER_OPTIONS)[number] | '';

export interface OrderFilters<Status extends OrderStatus | '' = StatusFilter> {
  /** order number (or id) and dealer name, case-insensitive */
  search: string;
  /** '' is every status */
  status: Status;
}
export const NO_ORDER_FILTERS: OrderFilters = { search: '', status: '' };

export type OrderSortColumn = 'date' | 'number' | 'dealer' | 'place' | 'items' | 'total' | 'status' | 'payment';
export interface OrderSort<Column extends OrderSortColumn = OrderSortColumn> {
  column: Column;
  ascending: boolean;
}
/** Newest first, as the lists arrive (000 §9); every order list has the date column. */
export const DEFAULT_ORDER_SORT: OrderSort<'date'> = { column: 'date', ascending: false };

/** How an order's dealer is named: the business, else the person, else the email, else the id. */
export function orderDealerName(order: Order): string {
  return (
    order.dealer_business_name?.trim() ||
    order.dealer_info.business_name?.trim() ||
    order.dealer_full_name?.trim() ||
    order.dealer_email?.trim() ||
    order.dealer_id
  );
}

/** "Missoula, MT", or '' when neither is known. */
export function orderPlace(order: Order): string {
  const city = order.dealer_city ?? order.dealer_info.city;
  const state = order.dealer_state ?? order.dealer_info.state;
  return [city?.trim(), state?.trim()].filter(Boolean).join(', ');
}

/** How many items the order holds: the sum of its line quantities. */
export function itemCount(order: Pick<Order, 'product_details'>): number {
  let count = 0;
  for (const line of order.product_details) count += line.quantity;
  return count;
}

/** What the search looks in: the order number and id, and the dealer's business and person names. */
export function orderSearchFields(order: Order): string[] {
  return [order.order_number, order.order_id, orderDealerName(order), order.dealer_full_name ?? ''];
}

export function matchesOrder(
  order: Order,
  filters: OrderFilters<OrderStatus | ''>,
  searchFields: (order: Order) => readonly string[] = orderSearchFields,
): boolean {
  if (filters.status && order.status !== filters.status) return false;
  const query = filters.search.trim().toLowerCase();
  if (!query) return true;
  return searchFields(order).some((field) => field.toLowerCase().includes(query));
}

export function filterOrders(orders: readonly Order[], filters: OrderFilters): Order[] {
  return orders.filter((order) => matchesOrder(order, filters));
}

const STATUS_RANK: Record<OrderStatus, number> = {
  pending: 0,
  confirmed: 1,
  in_shipment: 2,
  shipped: 3,
  delivered: 4,
  cancelled: 5,
};
const PAYMENT_RANK: Record<PaymentStatus, number> = { unpaid: 0, partially_paid: 1, fully_paid: 2 };

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

type Key = number | string;
const sortKey: Record<OrderSortColumn, (order: Order) => Key> = {
  date: (order) => Date.parse(order.created_at) || 0,
  number: (order) => order.order_number,
  dealer: orderDealerName,
  place: orderPlace,
  items: itemCount,
  total: (order) => centsOf(order.total_value),
  status: (order) => STATUS_RANK[order.status],
  payment: (order) => PAYMENT_RANK[order.payment_status],
};

function compareKeys(a: Key, b: Key): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}

/** A sorted copy; ties fall back to newest first, so the list never jumps. */
export function sortOrders<Column extends OrderSortColumn>(orders: readonly Order[], sort: OrderSort<Column>): Order[] {
  const key = sortKey[sort.column];
  const direction = sort.ascending ? 1 : -1;
  const keyed = orders.map((order) => ({ order, key: key(order), at: sortKey.date(order) }));
  keyed.sort((a, b) => direction * compareKeys(a.key, b.key) || (b.at as number) - (a.at as number));
  return keyed.map((entry) => entry.order);
}

/** A header click sorts by its column (dates newest first, else ascending); again flips the direction. */
export function nextOrderSort<Column extends OrderSortColumn>(
  current: OrderSort<Column>,
  column: Column,
): OrderSort<Column> {
  if (current.column === column) return { column, ascending: !current.ascending };
  return { column, ascending: column !== 'date' };
}
