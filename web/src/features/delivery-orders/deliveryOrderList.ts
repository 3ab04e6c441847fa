import type { Order, OrderStatus } from '@portal/contracts';

/** Every status an order can have, in the order an order moves through them (000 §4, 001 §4). */
export const STATUS_CHOICES: readonly OrderStatus[] = [
  'pending',
  'confirmed',
  'in_shipment',
  'shipped',
  'delivered',
  'cancelled',
];

export interface DeliveryOrderFilters {
  /** order number or id, dealer (business or person), city or state; case-insensitive */
  search: string;
  /** '' is every status */
  status: OrderStatus | '';
}
export const NO_FILTERS: DeliveryOrderFilters = { search: '', status: '' };

export type DeliverySortColumn = 'date' | 'number' | 'dealer' | 'place' | 'total' | 'status';
export interface DeliverySort {
  column: DeliverySortColumn;
  ascending: boolean;
}
/** Newest first, as the list arrives. */
export const DEFAULT_SORT: DeliverySort = { column: 'date', ascending: false };

/** The dealer an order goes to: the business, else the person, else the dealer id. */
export function orderDealer(order: Order): string {
  return (
    order.dealer_business_name?.trim() ||
    order.dealer_info.business_name?.trim() ||
    order.dealer_full_name?.trim() ||
    order.dealer_id
  );
}

/** "Missoula, MT", or '' when neither is known. */
export function orderPlace(order: Order): string {
  const city = order.dealer_city ?? order.dealer_info.city;
  const state = order.dealer_state ?? order.dealer_info.state;
  return [city?.trim(), state?.trim()].filter(Boolean).join(', ');
}

export function orderItems(order: Pick<Order, 'product_details'>): number {
  return order.product_details.reduce((sum, line) => sum + line.quantity, 0);
}

export function matchesOrder(order: Order, filters: DeliveryOrderFilters): boolean {
  if (filters.status && order.status !== filters.status) return false;
  const query = filters.search.trim().toLowerCase();
  if (!query) return true;
  return [order.order_number, order.order_id, orderDealer(order), order.dealer_full_name ?? '', orderPlace(order)].some(
    (field) => field.toLowerCase().includes(query),
  );
}

const STATUS_RANK: Record<OrderStatus, number> = {
  pending: 0,
  confirmed: 1,
  in_shipment: 2,
  shipped: 3,
  delivered: 4,
  cancelled: 5,
};
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const sortKey: Record<DeliverySortColumn, (order: Order) => number | string> = {
  date: (order) => Date.parse(order.created_at) || 0,
  number: (order) => order.order_number,
  dealer: orderDealer,
  place: orderPlace,
  total: (order) => Math.round(order.total_value * 100),
  status: (order) => STATUS_RANK[order.status],
};

/**
 * The orders shown: filtered, then sorted by the chosen column (ties newest first, so the order is always the
 * same for the same list).
 */
export function shownOrders(orders: readonly Order[], filters: DeliveryOrderFilters, sort: DeliverySort): Order[] {
  const key = sortKey[sort.column];
  const direction = sort.ascending ? 1 : -1;
  const newest = sortKey.date;
  return orders
    .filter((order) => matchesOrder(order, filters))
    .map((order) => ({ order, key: key(order), date: newest(order) as number }))
    .sort((a, b) => {
      const byKey =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : collator.compare(String(a.key), String(b.key));
      return byKey * direction || b.date - a.date;
    })
    .map(({ order }) => order);
}

/** A header click: the same column flips its direction; another column starts ascending (dates newest first). */
export function nextSort(sort: DeliverySort, column: DeliverySortColumn): DeliverySort {
  if (sort.column === column) return { column, ascending: !sort.ascending };
  return { column, ascending: column !== 'date' };
}
