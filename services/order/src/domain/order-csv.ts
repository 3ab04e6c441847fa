import { formatCents, type OrderStatus, type PaymentStatus } from '@portal/contracts';
import { inertCsvCell, isoDayIn } from '@portal/platform';
import { orderNumber } from './order-status';
import { paymentStatus } from './payments';

/**
 * The orders CSV export: the same columns, headers and cells as the web's own export of the Orders tab
 * (web/src/features/orders/orderCsv.ts), so the web can download the filtered set from here.
 */
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
  // appended rather than placed beside Order ID, so spreadsheets reading the older columns by position still work
  'PO Number',
] as const;

/** One order as the export reads it: flat columns, money in integer cents (as text, from bigint). */
export interface OrderCsvSource {
  order_id: string;
  dealer_id: string;
  /** `YYYY-MM-DD`: the day the order was placed, in the system timezone */
  order_date: string;
  status: OrderStatus;
  total_cents: string;
  paid_cents: string;
  business_name: string | null;
  full_name: string | null;
  email: string | null;
  item_count: string;
  po_number: string | null;
}

const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'UNPAID',
  partially_paid: 'PARTIAL',
  fully_paid: 'PAID',
};

/** The dealer's name as the Orders tab shows it: business name, else contact name, else email, else its id. */
const dealerName = (order: OrderCsvSource) =>
  order.business_name?.trim() || order.full_name?.trim() || order.email?.trim() || order.dealer_id;

/** One order as a CSV record (text cells made inert; the item count a number): money in dollars, 2 decimals. */
export function orderCsvRow(order: OrderCsvSource): (string | number)[] {
  const total = Number(order.total_cents);
  const paid = Number(order.paid_cents);
  const text = [orderNumber(order.order_id), order.order_date, dealerName(order), order.email ?? ''].map(inertCsvCell);
  return [
    ...text,
    Number(order.item_count),
    ...[
      formatCents(total),
      formatCents(paid),
      formatCents(total - paid),
      order.status.toUpperCase(),
      PAYMENT_LABELS[paymentStatus(total, paid)],
      order.po_number ?? '',
    ].map(inertCsvCell),
  ];
}

/** orders-2025-03-04.csv: today in the system timezone (as the web names its export) */
export const ordersCsvFilename = (now: Date, timeZone: string) => `orders-${isoDayIn(now, timeZone)}.csv`;
