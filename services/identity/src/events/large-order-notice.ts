import type { Consumer } from '@portal/platform';
import type { IdentityConfig } from '../config';
import { findInvitationDealer } from '../data/invitation-dealers';
import { claimLargeOrderNotice, recordNoticeMessageId } from '../data/large-order-notices';
import { readNotificationSettings } from '../data/settings';
import { largeOrderMail, largeOrderRecipient } from '../domain/large-order-notice';
import { sendProductMail } from '../use-cases/mail/product-mail';

/**
 * order.created: a large order (total above the notification settings' large_order_threshold, with
 * notify_large_orders on) is announced to the notification email, once per order. The notice is claimed in the
 * consumer's transaction before the mail goes: a second delivery finds it claimed; a failed mail rolls the
 * claim back and the event is retried.
 */
export const largeOrderNotice: Consumer<'order.created', IdentityConfig> = async (event, ctx) => {
  const order = event.payload;
  const settings = await readNotificationSettings(ctx.manager);
  const to = largeOrderRecipient(settings, order.total_cents);
  if (!to) return;
  if (!(await claimLargeOrderNotice(ctx.manager, order.order_id, to))) return;
  const dealer = await findInvitationDealer(ctx.manager, order.dealer_id);
  const mail = largeOrderMail(to, order, dealer?.business_name ?? null, settings);
  const outcome = await sendProductMail(ctx, mail, 'notification', ctx.manager);
  const log = { orderId: order.order_id, event: event.id };
  if (!outcome.sent) return ctx.logger.info(log, 'email notifications are turned off; large-order notice not sent');
  await recordNoticeMessageId(ctx.manager, order.order_id, outcome.messageId);
  ctx.logger.info({ ...log, messageId: outcome.messageId }, 'large-order notice sent');
};
