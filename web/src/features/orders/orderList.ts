import type { Order } from '@portal/contracts';
import type { ColumnSort } from '../../ui/columnSort';

/** Newest first, as the lists arrive (000 §9); every order list has the date column. */
export const DEFAULT_ORDER_SORT: ColumnSort<'date'> = { column: 'date', ascending: false };

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

/** A header click sorts by its column (dates newest first, else ascending); again flips the direction. */
export function nextOrderSort<Column extends string>(current: ColumnSort<Column>, column: Column): ColumnSort<Column> {
  if (current.column === column) return { column, ascending: !current.ascending };
  return { column, ascending: column !== 'date' };
}
