import type { EventEnvelope, PayloadOfType } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import { lowStockNotice } from '../../domain/notifications/low-stock-notice';
import { portalLink } from '../../domain/notifications/notice-mail';
import { sendAdminNotice } from './admin-notice';

/** Settings > Manage Products showing the products low on stock (the dashboard alert's link too). */
export const LOW_STOCK_PRODUCTS_PATH = '/admin/settings/products?stock=low';

/**
 * product.stock_low: the admins hear of it (notify_low_inventory, to the notification email or every admin), once
 * per event. The catalog announces each fall to the level once, so the event id is the notice's key: a
 * redelivery or a second replica finds it claimed, and the product's next fall (after a restock) is mailed again.
 */
export async function noticeLowStock(
  ctx: IdentityContext,
  manager: EntityManager,
  event: EventEnvelope<PayloadOfType<'product.stock_low'>>,
): Promise<void> {
  await sendAdminNotice(ctx, manager, 'notify_low_inventory', { kind: 'low_stock', key: event.id }, () =>
    lowStockNotice(event.payload, portalLink(ctx.config.PUBLIC_BASE_URL, LOW_STOCK_PRODUCTS_PATH)),
  );
}
