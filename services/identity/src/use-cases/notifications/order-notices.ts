import type { EventEnvelope, OrderStatus, PayloadOfType } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import { findKnownDealer } from '../../data/known-dealers';
import { dealerMailAddress, type NotificationOrder } from '../../data/notifications/notification-orders';
import type { NotificationClaim } from '../../data/notifications/sent-notifications';
import { readNotificationSettings } from '../../data/settings';
import { dealerName } from '../../domain/notifications/dealer-notices';
import { portalLink } from '../../domain/notifications/notice-mail';
import {
  countedCents,
  dealerStatusNotice,
  type NoticedOrder,
  newOrderNotice,
  orderContent,
  orderUpdateNotice,
  paymentNotice,
  statusChangeNotice,
} from '../../domain/notifications/order-notices';
import { sendAdminNotice, sendNoticeOnce } from './admin-notice';
import { keepOrder, noticeRevenueMilestone } from './revenue-milestones';

const adminOrderUrl = (ctx: IdentityContext, orderId: string) =>
  portalLink(ctx.config.PUBLIC_BASE_URL, `/admin/orders/${encodeURIComponent(orderId)}`);

/** What identity keeps of an order to tell a real change and to count its month's revenue. */
function keptOrder(order: NoticedOrder, createdAt: string | null): Omit<NotificationOrder, 'changed_at'> {
  return {
    order_id: order.order_id,
    dealer_id: order.dealer_id,
    status: order.status,
    counted_cents: countedCents(order),
    content: orderContent(order),
    created_at: createdAt,
  };
}

async function dealerLabel(manager: EntityManager, dealerId: string): Promise<string> {
  return dealerName(await findKnownDealer(manager, dealerId), dealerId);
}

/**
 * order.created: the order is kept, the admins hear of it once (notify_new_orders, key: the order id), and the
 * revenue milestone it may cross is announced (last: see noticeRevenueMilestone).
 */
export async function noticeNewOrder(
  ctx: IdentityContext,
  manager: EntityManager,
  event: EventEnvelope<PayloadOfType<'order.created'>>,
): Promise<void> {
  const order = event.payload;
  const change = await keepOrder(manager, keptOrder(order, order.created_at), event.occurredAt);
  await sendAdminNotice(ctx, manager, 'notify_new_orders', { kind: 'new_order', key: order.order_id }, async () =>
    newOrderNotice(order, await dealerLabel(manager, order.dealer_id), adminOrderUrl(ctx, order.order_id)),
  );
  await noticeRevenueMilestone(ctx, manager, change);
}

/** Whether the event is older than what was kept of the order: a late event announces nothing any more. */
const isStale = (kept: NotificationOrder | null, occurredAt: string) =>
  kept !== null && Date.parse(occurredAt) < Date.parse(kept.changed_at);

/**
 * order.updated: kept (and its revenue milestone announced, last); a changed status goes to the admins
 * (notify_order_status_changes, key order:status) and, when it is confirmed, shipped, delivered or cancelled,
 * to the order's dealer (key order:status:dealer); a change of lines, notes or total goes to the admins
 * (notify_order_updates, key: the event id). An event older than the kept order announces nothing.
 */
export async function noticeOrderUpdate(
  ctx: IdentityContext,
  manager: EntityManager,
  event: EventEnvelope<PayloadOfType<'order.updated'>>,
): Promise<void> {
  const order = event.payload;
  const content = orderContent(order);
  // order.updated carries no creation time: the one kept from order.created stays
  const change = await keepOrder(manager, keptOrder(order, null), event.occurredAt);
  const { before } = change;
  if (isStale(before, event.occurredAt)) return;
  const dealer = await dealerLabel(manager, order.dealer_id);
  const url = adminOrderUrl(ctx, order.order_id);
  const statusChanged = order.status !== order.previous_status;
  // grouping orders into a route is the admins' own step, taken for many orders at once: a mail per order of
  // each new shipment would bury the changes that come from elsewhere (a dealer, a driver)
  if (statusChanged && order.status !== 'in_shipment') {
    await sendAdminNotice(
      ctx,
      manager,
      'notify_order_status_changes',
      { kind: 'order_status', key: `${order.order_id}:${order.status}` },
      () => statusChangeNotice(order, dealer, url),
    );
  }
  if (statusChanged) await noticeDealerOfStatus(ctx, manager, order);
  // without a kept order the event is the only witness: a change unless it changed the status
  const contentChanged = before ? before.content !== content : !statusChanged;
  if (contentChanged)
    await sendAdminNotice(ctx, manager, 'notify_order_updates', { kind: 'order_update', key: event.id }, () =>
      orderUpdateNotice(order, dealer, url),
    );
  await noticeRevenueMilestone(ctx, manager, change);
}

/** The dealer's own mail of its order's new status, while notify_order_status_changes is on. */
async function noticeDealerOfStatus(
  ctx: IdentityContext,
  manager: EntityManager,
  order: PayloadOfType<'order.updated'>,
): Promise<void> {
  const notice = dealerStatusNotice(
    order,
    portalLink(ctx.config.PUBLIC_BASE_URL, `/dealer/orders/${encodeURIComponent(order.order_id)}`),
  );
  if (!notice) return;
  const settings = await readNotificationSettings(manager);
  if (!settings.email_notifications_enabled || !settings.notify_order_status_changes) return;
  const address = await dealerMailAddress(manager, order.dealer_id);
  if (!address) {
    ctx.logger.info({ orderId: order.order_id, dealerId: order.dealer_id }, 'no address for the dealer; not told');
    return;
  }
  await sendNoticeOnce(ctx, manager, [address], dealerStatusClaim(order.order_id, order.status), () => notice);
}

/** The claim of the dealer's mail of its order reaching `status` (a route's departure claims the shipped ones). */
export const dealerStatusClaim = (orderId: string, status: OrderStatus): NotificationClaim => ({
  kind: 'order_status',
  key: `${orderId}:${status}:dealer`,
});

/** payment.recorded: a change of the order's payment, to the admins (notify_order_updates, key: the event id). */
export async function noticePayment(
  ctx: IdentityContext,
  manager: EntityManager,
  event: EventEnvelope<PayloadOfType<'payment.recorded'>>,
): Promise<void> {
  const payment = event.payload;
  await sendAdminNotice(ctx, manager, 'notify_order_updates', { kind: 'order_update', key: event.id }, async () =>
    paymentNotice(payment, await dealerLabel(manager, payment.dealer_id), adminOrderUrl(ctx, payment.order_id)),
  );
}
