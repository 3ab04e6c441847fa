import type { Order } from '@portal/contracts';
import { formatCents } from '@portal/contracts';
import type { CsvValue } from '../../csv/writeCsv';
import { orderStatusLabel, paymentStatusLabel } from './orderBadges';
import { itemCount, orderDealerName } from './orderList';
import { centsOf } from './orderMoney';

/** The columns of the Orders tab's CSV export (the filtered, sorted list as shown). */
export const ORDER_CSV_HEADER = [
  'Order ID',
  'Order Date',
  'Dealer',
  'Dealer Email',
  'Items',
  'Total',
  'Paid',
  'Balance',
  'Status',
  'Payment',
] as const;

/** One order as a CSV row: money as plain dollars with 2 decimals ("1249.50"), made from cents. */
export function orderCsvRow(order: Order): CsvValue[] {
  const total = centsOf(order.total_value);
  const paid = centsOf(order.total_paid);
  return [
    order.order_number,
    order.created_at.slice(0, 10),
    orderDealerName(order),
    order.dealer_email ?? order.dealer_info.email ?? '',
    itemCount(order),
    formatCents(total),
    formatCents(paid),
    formatCents(total - paid),
    orderStatusLabel(order.status),
    paymentStatusLabel(order.payment_status),
  ];
}

/** orders-2025-03-04.csv */
export function ordersCsvFilename(now = new Date()): string {
  return `orders-${now.toISOString().slice(0, 10)}.csv`;
}
