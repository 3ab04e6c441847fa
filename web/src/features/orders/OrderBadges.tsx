import type { OrderStatus, PaymentStatus } from '@portal/contracts';
import { orderStatusLabel, paymentStatusLabel } from './orderBadges';
import './order-badges.css';

/** An order's status as a badge: the upper-cased value (000 §4). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge order-status order-status--${status}`}>{orderStatusLabel(status)}</span>;
}

/** An order's payment status as a badge: UNPAID, PARTIAL or PAID. */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return <span className={`badge payment-status payment-status--${status}`}>{paymentStatusLabel(status)}</span>;
}
