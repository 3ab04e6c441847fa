import type { OrderListQuery, OrderStatus } from '@portal/contracts';
import { ORDER_STATUSES } from '@portal/contracts/values';
import type { ColumnSort } from '../../ui/columnSort';

/** Every status an order can have, in the order an order moves through them (000 §4, 001 §4). */
export const STATUS_CHOICES: readonly OrderStatus[] = ORDER_STATUSES;

/** The delivery user searches and filters by any status (the server searches and filters: issue 18). */
export interface DeliveryOrderFilters {
  /** order number, dealer business or contact name, email, city */
  search: string;
  /** '' is every status */
  status: OrderStatus | '';
}
export const NO_FILTERS: DeliveryOrderFilters = { search: '', status: '' };

/** The columns the server sorts by (order number and city are not sortable: the server does not order by them). */
export type DeliverySortColumn = 'date' | 'dealer' | 'total' | 'status';
export type DeliverySort = ColumnSort<DeliverySortColumn>;
/** Newest first, as the list arrives (000 §9). */
export const DEFAULT_DELIVERY_SORT: DeliverySort = { column: 'date', ascending: false };

const SORT_PARAM = {
  date: 'created_at',
  dealer: 'dealer_business_name',
  total: 'total_value',
  status: 'status',
} as const satisfies Record<DeliverySortColumn, string>;

/** A header click sorts by its column (dates newest first, else ascending); again flips the direction. */
export function nextDeliverySort(current: DeliverySort, column: DeliverySortColumn): DeliverySort {
  if (current.column === column) return { column, ascending: !current.ascending };
  return { column, ascending: column !== 'date' };
}

/** The all-orders query of the filters and sort (the search as typed once it settled; blanks are left out). */
export function deliveryOrderQuery(filters: DeliveryOrderFilters, sort: DeliverySort) {
  const sortParam = `${sort.ascending ? '' : '-'}${SORT_PARAM[sort.column]}` as NonNullable<OrderListQuery['sort']>;
  return { q: filters.search.trim(), status: filters.status, sort: sortParam };
}
