import type { PayloadOfType } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import { findKnownDealer } from '../../data/known-dealers';
import { claimLargeOrderNotice, recordNoticeMessageId } from '../../data/large-order-notices';
import { readNotificationSettings } from '../../data/settings';
import { largeOrderMail, largeOrderRecipients } from '../../domain/large-order-notice';
import { adminRecipients } from '../notifications/admin-notice';
import { sendProductMail } from './product-mail';

/**
 * Announces a large order (total above the notification settings' large_order_threshold, with
 * notify_large_orders on) to the notification email (every admin when it is blank), once per order. The notice is claimed in `manager`'s
 * transaction before the mail goes: a second delivery finds it claimed; a failed mail rolls the claim back.
 */
export async function noticeLargeOrder(
  ctx: IdentityContext,
  manager: EntityManager,
  order: PayloadOfType<'order.created'>,
  eventId: string,
): Promise<void> {
  const settings = await readNotificationSettings(manager);
  const admins = await adminRecipients(manager, settings, 'notify_large_orders');
  const to = largeOrderRecipients(settings, order.total_cents, admins);
  if (!to.length) return;
  if (!(await claimLargeOrderNotice(manager, order.order_id, to.join(', ')))) return;
  const dealer = await findKnownDealer(manager, order.dealer_id);
  const mail = largeOrderMail(to, order, dealer?.business_name ?? null, settings);
  const outcome = await sendProductMail(ctx, mail, 'notification', manager);
  const log = { orderId: order.order_id, event: eventId };
  if (!outcome.sent) return ctx.logger.info(log, 'email notifications are turned off; large-order notice not sent');
  await recordNoticeMessageId(manager, order.order_id, outcome.messageId);
  ctx.logger.info({ ...log, messageId: outcome.messageId }, 'large-order notice sent');
}
