import { randomUUID } from 'node:crypto';
import {
  formatCents,
  PaymentRecorded,
  type PaymentStatus,
  parseCents,
  type RecordPaymentRequest,
} from '@portal/contracts';
import { badRequest, conflict, notFound, recordAudit } from '@portal/platform';
import type { z } from 'zod';
import type { OrderContext } from '../context';
import { insertPayment, lockOrder, ORDER_NOT_FOUND } from '../data/orders';
import type { PaymentRecord } from '../domain/order-view';
import { type PaymentRefusal, paymentStatus, refusePayment } from '../domain/payments';

type PaymentForm = z.output<typeof RecordPaymentRequest>;

export const PAYMENT_REQUIRED = 'Please select payment type and enter a valid amount';
export const CHECK_NUMBER_REQUIRED = 'Error: Please enter the check number';

const refusalDetail = (refusal: PaymentRefusal, amountCents: number) => {
  switch (refusal.reason) {
    case 'cancelled':
      return 'Error: A payment cannot be recorded on a cancelled order';
    case 'already_paid':
      return 'Error: This order is already fully paid';
    case 'overpayment':
      return `Error: The payment of $${formatCents(amountCents)} is more than the balance of $${formatCents(refusal.balanceCents)}`;
  }
};

/**
 * Records a payment. The order row is locked first, so payments recorded at the same moment run one after
 * the other: each sees the others' amounts, all count, and none takes the paid total over the order total.
 */
export async function recordOrderPayment(
  ctx: OrderContext,
  form: PaymentForm,
): Promise<{ payment: PaymentRecord; paymentStatus: PaymentStatus; totalCents: number; paidCents: number }> {
  const amountCents = parseCents(form.amount);
  if (amountCents === null || amountCents <= 0) throw badRequest(PAYMENT_REQUIRED);
  const checkNumber = form.payment_method === 'check' ? form.check_number || null : null;
  if (form.payment_method === 'check' && !checkNumber) throw badRequest(CHECK_NUMBER_REQUIRED);

  return ctx.transaction(async (manager, emit) => {
    const order = await lockOrder(manager, form.order_id);
    if (!order) throw notFound(ORDER_NOT_FOUND);
    const refusal = refusePayment(
      { status: order.status, totalCents: order.total_cents, paidCents: order.paid_cents },
      amountCents,
    );
    if (refusal) throw conflict(refusalDetail(refusal, amountCents));
    const payment = await insertPayment(manager, {
      payment_id: randomUUID(),
      order_id: order.order_id,
      payment_method: form.payment_method,
      amount_cents: amountCents,
      check_number: checkNumber,
      notes: form.notes || null,
    });
    const paidCents = order.paid_cents + amountCents;
    const status = paymentStatus(order.total_cents, paidCents);
    await emit(PaymentRecorded, order.order_id, {
      payment_id: payment.payment_id,
      order_id: order.order_id,
      dealer_id: order.dealer_id,
      amount_cents: amountCents,
      payment_method: form.payment_method,
      payment_status: status,
      total_cents: order.total_cents,
      paid_cents: paidCents,
      created_at: payment.created_at,
    });
    const { payment_id: paymentId, created_at: _createdAt, ...recorded } = payment;
    await recordAudit(emit, { action: 'payment.recorded', entity: 'payment', entity_id: paymentId, after: recorded });
    return { payment, paymentStatus: status, totalCents: order.total_cents, paidCents };
  });
}
