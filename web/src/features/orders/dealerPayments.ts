import type { Order, Payment } from '@portal/contracts';
import { centsOf, sumCents } from './orderMoney';

/** A payment with the number of the order it paid. */
export interface DealerPayment extends Payment {
  order_number: string;
}

/** Every payment on a dealer's orders, newest first, and their sum in cents (the Payment History modal). */
export function dealerPayments(orders: readonly Order[]): { payments: DealerPayment[]; totalCents: number } {
  const payments = orders
    .flatMap((order) => order.payments.map((payment) => ({ ...payment, order_number: order.order_number })))
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { payments, totalCents: sumCents(payments.map((payment) => centsOf(payment.amount))) };
}
