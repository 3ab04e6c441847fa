import type { Order, OrderStatus } from '@portal/contracts';
import {
  matchesOrder,
  type OrderFilters,
  type OrderSort,
  type OrderSortColumn,
  orderPlace,
  orderSearchFields,
  sortOrders,
} from '../orders/orderList';

/** Every status an order can have, in the order an order moves through them (000 §4, 001 §4). */
export const STATUS_CHOICES: readonly OrderStatus[] = [
  'pending',
  'confirmed',
  'in_shipment',
  'shipped',
  'delivered',
  'cancelled',
];

/** The delivery user filters by any status (the admin's Orders tab offers four). */
export type DeliveryOrderFilters = OrderFilters<OrderStatus | ''>;
export const NO_FILTERS: DeliveryOrderFilters = { search: '', status: '' };

/** The delivery list's columns: the admin's, less items and payment, plus the dealer's city. */
export type DeliverySortColumn = Exclude<OrderSortColumn, 'items' | 'payment'>;
export type DeliverySort = OrderSort<DeliverySortColumn>;

/** The delivery user also finds orders by the dealer's city or state (they plan routes by place). */
const deliverySearchFields = (order: Order) => [...orderSearchFields(order), orderPlace(order)];

/** The orders shown: filtered, then sorted by the chosen column (ties newest first). */
export function shownOrders(orders: readonly Order[], filters: DeliveryOrderFilters, sort: DeliverySort): Order[] {
  return sortOrders(
    orders.filter((order) => matchesOrder(order, filters, deliverySearchFields)),
    sort,
  );
}
