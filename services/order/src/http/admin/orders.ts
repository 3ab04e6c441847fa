import { centsToDollars, succeeded } from '@portal/contracts';
import { streamCsv } from '@portal/platform';
import type { OrderHandler } from '../../context';
import { orderSummaryView } from '../../domain/order-summary';
import { orderView, paymentView } from '../../domain/order-view';
import { balanceCents } from '../../domain/payments';
import { createOrderForDealer } from '../../use-cases/create-order';
import { orderList, ordersCsvExport } from '../../use-cases/order-lists';
import { summarizeDealerOrders } from '../../use-cases/order-summary';
import { recordOrderPayment } from '../../use-cases/record-payment';
import { editOrder } from '../../use-cases/update-order';

/**
 * GET /api/admin/all-orders — every order, newest first (admin and delivery); with limit/cursor one page of the
 * filtered, searched and sorted orders, with next_cursor and total.
 */
export const allOrders: OrderHandler<'admin.allOrders'> = async ({ query }, ctx) => {
  const { orders, page } = await orderList(ctx, null, query);
  return succeeded({ orders, ...page });
};

/** GET /api/admin/dealer-orders/{dealer_id} — a dealer's orders, newest first (a dealer only its own). */
export const dealerOrders: OrderHandler<'admin.dealerOrders'> = async ({ params, query }, ctx) => {
  const { orders, page } = await orderList(ctx, params.dealer_id, query);
  return succeeded({ orders, ...page });
};

/**
 * GET /api/admin/dealer-order-summary/{dealer_id} — the dealer's order figures over all its orders (a dealer only
 * its own): what the dealer Overview and the admin's dealer detail show without reading every order.
 */
export const dealerOrderSummary: OrderHandler<'admin.dealerOrderSummary'> = async ({ params }, ctx) =>
  succeeded({ summary: orderSummaryView(await summarizeDealerOrders(ctx, params.dealer_id)) });

/**
 * GET /api/admin/all-orders/export — the filtered, searched and sorted orders as a CSV download, streamed
 * while it is read (a failure after the first bytes can only cut the download short).
 */
export const exportOrders: OrderHandler<'admin.exportOrders'> = async ({ query, res }, ctx) =>
  streamCsv(ctx.db, res, await ordersCsvExport(ctx, query, new Date()), {
    logger: ctx.logger,
  });

/** POST /api/admin/create-order */
export const createOrder: OrderHandler<'admin.createOrder'> = async ({ body }, ctx) =>
  succeeded({ message: 'Order created successfully!', order: orderView(await createOrderForDealer(ctx, body)) });

/** PUT /api/admin/update-order/{order_id} */
export const updateOrder: OrderHandler<'admin.updateOrder'> = async ({ params, body }, ctx) =>
  succeeded({ message: 'Order updated successfully!', order: orderView(await editOrder(ctx, params.order_id, body)) });

/** POST /api/admin/record-payment */
export const recordPayment: OrderHandler<'admin.recordPayment'> = async ({ body }, ctx) => {
  const recorded = await recordOrderPayment(ctx, body);
  return succeeded({
    message: 'Payment recorded successfully!',
    payment: paymentView(recorded.payment),
    payment_status: recorded.paymentStatus,
    total_paid: centsToDollars(recorded.paidCents),
    balance: centsToDollars(balanceCents(recorded.totalCents, recorded.paidCents)),
  });
};
