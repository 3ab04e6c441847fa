/**
 * The low-stock notice: identity consumes the catalog's product.stock_low and mails the notification email through
 * a real SMTP server while email notifications and notify_low_inventory are on, once per event.
 */
import { randomUUID } from 'node:crypto';
import { type PayloadOfType, ProductStockLow } from '@portal/contracts';
import { readableMail } from '@portal/platform/testing/smtp-receiver';
import { NOTIFICATION_EMAIL, type NotificationsHarness, startNotifications, subjectOf } from './support/notifications';

let t: NotificationsHarness;
beforeAll(async () => {
  t = await startNotifications('identity_low_stock');
});
afterAll(() => t?.stop());

const lowStock = (overrides: Partial<PayloadOfType<'product.stock_low'>> = {}): PayloadOfType<'product.stock_low'> => ({
  product_id: randomUUID(),
  title: 'Hub Blind',
  sku: `HB-${randomUUID().slice(0, 6)}`,
  available: 2,
  low_stock_threshold: 5,
  ...overrides,
});

/** publishes product.stock_low as the catalog would and waits until identity applied (or skipped) it */
const deliver = (payload: PayloadOfType<'product.stock_low'>, id?: string) =>
  t.deliver(ProductStockLow, payload.product_id, payload, { producer: 'catalog', id });

test('When a product falls to its level with notify_low_inventory on, Then one notice reaches the notification email, even when delivered again', async () => {
  await t.notifications({ email_notifications_enabled: true, notify_low_inventory: true });
  const product = lowStock();
  const eventId = await deliver(product);
  await deliver(product, eventId); // the same message redelivered
  await t.settled();
  const mails = t.mailsWith(product.sku ?? '');
  expect(mails).toHaveLength(1);
  expect(mails[0]?.envelopeTo).toEqual([NOTIFICATION_EMAIL]);
  const [mail] = mails;
  if (!mail) throw new Error('no notice');
  expect(subjectOf(mail)).toBe(`Low stock: Hub Blind (SKU ${product.sku})`);
  const text = readableMail(mail);
  expect(text).toContain('at or below its low-stock level of 5: 2 units are available');
  expect(text).toContain('/admin/settings/products?stock=low');
  const claims = await t.identity.service.ctx.db.query(
    "SELECT sent_to, message_id FROM sent_notifications WHERE kind = 'low_stock' AND key = $1",
    [eventId],
  );
  expect(claims).toEqual([{ sent_to: [NOTIFICATION_EMAIL], message_id: expect.any(String) }]);
});

test('When the product falls again after a restock (a new event), Then it is mailed again', async () => {
  await t.notifications({ email_notifications_enabled: true, notify_low_inventory: true });
  const product = lowStock({ available: 0 });
  await deliver(product);
  await deliver({ ...product, available: 4 });
  await t.settled();
  const bodies = t.mailsWith(product.sku ?? '').map(readableMail);
  expect(bodies).toHaveLength(2);
  expect(bodies[0]).toContain('none is available');
});

test('When notify_low_inventory or email notifications are off, Then no notice and nothing claimed', async () => {
  await t.notifications({ email_notifications_enabled: true, notify_low_inventory: false });
  const switchedOff = lowStock();
  const first = await deliver(switchedOff);
  await t.notifications({ email_notifications_enabled: false, notify_low_inventory: true });
  const allOff = lowStock();
  const second = await deliver(allOff);
  await t.settled();
  expect(t.mailsWith(switchedOff.sku ?? '')).toHaveLength(0);
  expect(t.mailsWith(allOff.sku ?? '')).toHaveLength(0);
  const claims = await t.identity.service.ctx.db.query(
    "SELECT 1 FROM sent_notifications WHERE kind = 'low_stock' AND key = ANY($1::text[])",
    [[first, second]],
  );
  expect(claims).toHaveLength(0);
});
