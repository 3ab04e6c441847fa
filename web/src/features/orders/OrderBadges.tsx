import type { Order, OrderStatus, PaymentStatus } from '@portal/contracts';
import { orderStatusLabel, paymentStatusLabel } from './orderBadges';
import './order-badges.css';

/** An order's status as a badge: the upper-cased value (000 §4). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`badge order-status order-status--${status}`}>{orderStatusLabel(status)}</span>;
}

/**
 * ON HOLD with the credit hold's reason, while the order is held (issue 24); nothing otherwise. The reason is
 * text beside the badge, not a tooltip, so a keyboard or screen reader user reads it too.
 */
export function HoldBadge({
  order,
  compact = false,
}: {
  order: Pick<Order, 'on_hold' | 'hold_reason'>;
  /** for a fixed-height table row: the reason is read out and shown on hover, not printed beside the badge */
  compact?: boolean;
}) {
  if (!order.on_hold) return null;
  return (
    <span className="order-hold" title={compact ? (order.hold_reason ?? undefined) : undefined}>
      <span className="badge order-hold__badge">ON HOLD</span>
      {order.hold_reason && (
        <span className={compact ? 'visually-hidden' : 'order-hold__reason'}>{order.hold_reason}</span>
      )}
    </span>
  );
}

/** An order's payment status as a badge: UNPAID, PARTIAL or PAID. */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return <span className={`badge payment-status payment-status--${status}`}>{paymentStatusLabel(status)}</span>;
}
