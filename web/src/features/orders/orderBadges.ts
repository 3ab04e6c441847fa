import type { OrderStatus, PaymentStatus } from '@portal/contracts';

/** An order status as its badge reads (000 §4: the upper-cased value, e.g. PENDING, IN_SHIPMENT). */
export function orderStatusLabel(status: OrderStatus): string {
  return status.toUpperCase();
}

const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'UNPAID',
  partially_paid: 'PARTIAL',
  fully_paid: 'PAID',
};

/** A payment status as its badge reads (000 §4: UNPAID, PARTIAL, PAID). */
export function paymentStatusLabel(status: PaymentStatus): string {
  return PAYMENT_LABELS[status];
}
