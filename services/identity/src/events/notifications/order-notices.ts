import type { IdentityConsumer } from '../../context';
import { noticeLargeOrder } from '../../use-cases/mail/large-order-notice';
import { noticeDeparture } from '../../use-cases/notifications/departure-notices';
import { noticeNewOrder, noticeOrderUpdate, noticePayment } from '../../use-cases/notifications/order-notices';

/**
 * The order service's events, announced to the admins (and an order's dealer) in the consumer's transaction:
 * each notice is claimed before its mail goes, and a failed mail rolls the claims back so the event is retried.
 */

/** order.created: the large-order notice (notify_large_orders), the new-order notice and the revenue milestones. */
export const orderCreatedNotices: IdentityConsumer<'order.created'> = async (event, ctx) => {
  await noticeLargeOrder(ctx, ctx.manager, event.payload, event.id);
  await noticeNewOrder(ctx, ctx.manager, event);
};

/** order.updated: status changes (admins and the dealer), other changes, the revenue milestones. */
export const orderUpdatedNotices: IdentityConsumer<'order.updated'> = (event, ctx) =>
  noticeOrderUpdate(ctx, ctx.manager, event);

/** payment.recorded: a change of an order's payment (notify_order_updates). */
export const paymentRecordedNotice: IdentityConsumer<'payment.recorded'> = (event, ctx) =>
  noticePayment(ctx, ctx.manager, event);

/** shipment.departed (the shipping service): each dealer on the route hears what is on the truck and its ETA. */
export const shipmentDepartedNotices: IdentityConsumer<'shipment.departed'> = (event, ctx) =>
  noticeDeparture(ctx, ctx.manager, event);
