import type { EventEnvelope, PayloadOfType } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import { dealerMailAddress } from '../../data/notifications/notification-orders';
import { readNotificationSettings, readSystemConfiguration } from '../../data/settings';
import { departureNotice, departuresByDealer } from '../../domain/notifications/departure-notices';
import { portalLink } from '../../domain/notifications/notice-mail';
import { sendNoticeOnce } from './admin-notice';
import { dealerStatusClaim } from './order-notices';

/**
 * shipment.departed: each dealer on the route is mailed its orders on the truck and the expected arrival, while
 * notify_order_status_changes is on (with the master switches, as the dealer's status mails), once per
 * (shipment, dealer). The mail stands for the per-order "on its way" mails of those orders: their claims are
 * taken in the same transaction, so a later order.updated (shipped) does not mail the dealer again.
 */
export async function noticeDeparture(
  ctx: IdentityContext,
  manager: EntityManager,
  event: EventEnvelope<PayloadOfType<'shipment.departed'>>,
): Promise<void> {
  const departure = event.payload;
  const settings = await readNotificationSettings(manager);
  if (!settings.email_notifications_enabled || !settings.notify_order_status_changes) return;
  const { system_timezone } = await readSystemConfiguration(manager);
  const ordersUrl = portalLink(ctx.config.PUBLIC_BASE_URL, '/dealer/orders');
  for (const dealer of departuresByDealer(departure.stops)) {
    const address = await dealerMailAddress(manager, dealer.dealer_id);
    if (!address) {
      ctx.logger.info(
        { shipmentId: departure.shipment_id, dealerId: dealer.dealer_id },
        'no address for the dealer; not told of the departure',
      );
      continue;
    }
    await sendNoticeOnce(
      ctx,
      manager,
      [address],
      { kind: 'shipment_departed', key: `${departure.shipment_id}:${dealer.dealer_id}` },
      () => departureNotice(departure, dealer, system_timezone, ordersUrl),
      dealer.order_ids.map((orderId) => dealerStatusClaim(orderId, 'shipped')),
    );
  }
}
