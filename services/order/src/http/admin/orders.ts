import { sendBuiltJson } from '@portal/platform';
import type { OrderHandler } from '../../context';
import { centsToDollars } from '../../domain/money';
import { orderView, paymentView } from '../../domain/order-view';
import { balanceCents } from '../../domain/payments';
import { createOrder as createOrderUseCase } from '../../use-cases/create-order';
import { orderListAnswer } from '../../use-cases/order-lists';
import { recordPayment as recordPaymentUseCase } from '../../use-cases/record-payment';
import { updateOrder as updateOrderUseCase } from '../../use-cases/update-order';

/**
 * GET /api/admin/all-orders — every order, newest first (admin and delivery). The answer is kept built while
 * no order changes (use-cases/order-lists), gzipped once, with an ETag.
 */
export const allOrders: OrderHandler<'admin.allOrders'> = async ({ req, res }, ctx) =>
  sendBuiltJson(req, res, await orderListAnswer(ctx, null));

/** GET /api/admin/dealer-orders/{dealer_id} — a dealer's orders, newest first (a dealer only its own). */
export const dealerOrders: OrderHandler<'admin.dealerOrders'> = async ({ params, req, res }, ctx) =>
  sendBuiltJson(req, res, await orderListAnswer(ctx, params.dealer_id));

/** POST /api/admin/create-order */
export const createOrder: OrderHandler<'admin.createOrder'> = async ({ body }, ctx) => ({
  success: true as const,
  message: 'Order created successfully!',
  order: orderView(await createOrderUseCase(ctx, body)),
});

/** PUT /api/admin/update-order/{order_id} */
export const updateOrder: OrderHandler<'admin.updateOrder'> = async ({ params, body }, ctx) => ({
  success: true as const,
  message: 'Order updated successfully!',
  order: orderView(await updateOrderUseCase(ctx, params.order_id, body)),
});

/** POST /api/admin/record-payment */
export const recordPayment: OrderHandler<'admin.recordPayment'> = async ({ body }, ctx) => {
  const recorded = await recordPaymentUseCase(ctx, body);
  return {
    success: true as const,
    message: 'Payment recorded successfully!',
    payment: paymentView(recorded.payment),
    payment_status: recorded.paymentStatus,
    total_paid: centsToDollars(recorded.paidCents),
    balance: centsToDollars(balanceCents(recorded.totalCents, recorded.paidCents)),
  };
};
