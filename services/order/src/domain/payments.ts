import type { OrderStatus, PaymentStatus } from '@portal/contracts';

/** unpaid until something is paid, partially_paid while a balance remains, fully_paid once it is covered. */
export function paymentStatus(totalCents: number, paidCents: number): PaymentStatus {
  if (paidCents <= 0) return 'unpaid';
  return paidCents >= totalCents ? 'fully_paid' : 'partially_paid';
}

/** What is still owed: total − paid (negative only if an overpayment was ever stored, which the rules refuse). */
export const balanceCents = (totalCents: number, paidCents: number) => totalCents - paidCents;

export type PaymentRefusal =
  | { reason: 'cancelled' }
  | { reason: 'already_paid' }
  | { reason: 'overpayment'; balanceCents: number };

/** Why a payment of `amountCents` may not be recorded against the order, or null when it may. */
export function refusePayment(
  order: { status: OrderStatus; totalCents: number; paidCents: number },
  amountCents: number,
): PaymentRefusal | null {
  if (order.status === 'cancelled') return { reason: 'cancelled' };
  const balance = balanceCents(order.totalCents, order.paidCents);
  if (balance <= 0) return { reason: 'already_paid' };
  if (amountCents > balance) return { reason: 'overpayment', balanceCents: balance };
  return null;
}
