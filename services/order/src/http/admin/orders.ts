import { streamCsv } from '@portal/platform';
import type { OrderHandler } from '../../context';
import { centsToDollars } from '../../domain/money';
import { orderSummaryView } from '../../domain/order-summary';
import { orderView, paymentView } from '../../domain/order-view';
import { balanceCents } from '../../domain/payments';
import { createOrder as createOrderUseCase } from '../../use-cases/create-order';
import { orderList, ordersCsvExport } from '../../use-cases/order-lists';
import { dealerOrderSummary as dealerOrderSummaryUseCase } from '../../use-cases/order-summary';
import { recordPayment as recordPaymentUseCase } from '../../use-cases/record-payment';
import { updateOrder as updateOrderUseCase } from '../../use-cases/update-order';

/**
 * GET /api/admin/all-orders — every order, newest first (admin and delivery); with limit/cursor one page of the
 * filtered, searched and sorted orders, with next_cursor and total.
 */
export const allOrders: OrderHandler<'admin.allOrders'> = async ({ query }, ctx) => {
  const { orders, page } = await orderList(ctx, null, query);
  return { success: true as const, orders, ...page };
};

/** GET /api/admin/dealer-orders/{dealer_id} — a dealer's orders, newest first (a dealer only its own). */
export const dealerOrders: OrderHandler<'admin.dealerOrders'> = async ({ params, query }, ctx) => {
  const { orders, page } = await orderList(ctx, params.dealer_id, query);
  return { success: true as const, orders, ...page };
};

/**
 * GET /api/admin/dealer-order-summary/{dealer_id} — the dealer's order figures over all its orders (a dealer only
 * its own): what the dealer Overview and the admin's dealer detail show without reading every order.
 */
export const dealerOrderSummary: OrderHandler<'admin.dealerOrderSummary'> = async ({ params }, ctx) => ({
  success: true as const,
  summary: orderSummaryView(await dealerOrderSummaryUseCase(ctx, params.dealer_id)),
});

/**
 * GET /api/admin/all-orders/export — the filtered, searched and sorted orders as a CSV download, streamed
 * while it is read (a failure after the first bytes can only cut the download short).
 */
export const exportOrders: OrderHandler<'admin.exportOrders'> = async ({ query, res }, ctx) =>
  streamCsv(ctx.db, res, await ordersCsvExport(ctx, query, new Date()), {
    logger: ctx.logger,
  });

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
