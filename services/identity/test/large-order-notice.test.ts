/**
 * The large-order notice: identity consumes order.created and mails the notification email through a real SMTP
 * server when the order's total is above the threshold of the notification settings, once per order.
 */
import { randomUUID } from 'node:crypto';
import { DealerCreated, OrderCreated, type PayloadOfType } from '@portal/contracts';
import { dealerSnapshot } from '@portal/platform/testing';
import { parseMail } from '@portal/platform/testing/smtp-receiver';
import { NOTIFICATION_EMAIL, type NotificationsHarness, startNotifications } from './support/notifications';

let t: NotificationsHarness;
beforeAll(async () => {
  t = await startNotifications('identity_large_orders');
  await t.deliver(
    DealerCreated,
    'DLARGE01',
    dealerSnapshot({ dealer_id: 'DLARGE01', email: 'large@example.com', business_name: 'Timber Blinds' }),
    { producer: 'dealer' },
  );
});
afterAll(() => t?.stop());

const order = (totalCents: number): PayloadOfType<'order.created'> => ({
  order_id: randomUUID(),
  dealer_id: 'DLARGE01',
  status: 'pending',
  total_cents: totalCents,
  items: [{ product_id: 'p1', title: 'Hub Blind', quantity: 1, price_cents: totalCents, is_custom: false }],
  notes: null,
  created_at: new Date().toISOString(),
});

/** publishes order.created (under the given event id) and waits until identity applied (or skipped) it */
const deliverOrder = (payload: PayloadOfType<'order.created'>, id?: string) =>
  t.deliver(OrderCreated, payload.order_id, payload, { id });

/** the large-order notices of an order (its new-order notice and others are the notifications tests' concern) */
const mailsAbout = (orderId: string) => t.mailsWith(`Large order ${orderId.slice(-8).toUpperCase()}`);

test('When an order above the threshold is created with notify_large_orders on, Then one notice reaches the notification email, even when delivered again', async () => {
  await t.notifications({ notify_large_orders: true, large_order_threshold: 1000 });
  const large = order(100001); // $1000.01
  const eventId = await deliverOrder(large);
  await deliverOrder(large, eventId); // the same message redelivered
  await deliverOrder(large); // the same order announced again under a new event id
  await t.settled(); // the redelivery too was handled: no second send is coming
  const mails = mailsAbout(large.order_id);
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  expect(mail?.envelopeTo).toEqual([NOTIFICATION_EMAIL]);
  const parsed = parseMail(mail?.raw ?? '');
  const number = large.order_id.slice(-8).toUpperCase();
  expect(parsed.headers.get('subject')).toBe(`Large order ${number} from Timber Blinds: $1000.01`);
  expect(parsed.body).toContain('$1000.01');
  const notices = await t.identity.service.ctx.db.query(
    'SELECT sent_to, message_id FROM large_order_notices WHERE order_id = $1',
    [large.order_id],
  );
  expect(notices).toEqual([{ sent_to: NOTIFICATION_EMAIL, message_id: expect.any(String) }]);
});

test('When an order is at or under the threshold, Then no notice', async () => {
  await t.notifications({ notify_large_orders: true, large_order_threshold: 250.5 });
  const atThreshold = order(25050);
  const under = order(1999);
  await deliverOrder(atThreshold);
  await deliverOrder(under);
  expect(mailsAbout(atThreshold.order_id)).toHaveLength(0);
  expect(mailsAbout(under.order_id)).toHaveLength(0);
  // the same settings notice an order one cent above
  const above = order(25051);
  await deliverOrder(above);
  expect(mailsAbout(above.order_id)).toHaveLength(1);
});

test('When notify_large_orders is off, Then a large order sends no notice', async () => {
  await t.notifications({ notify_large_orders: false });
  const large = order(5_000_000);
  await deliverOrder(large);
  expect(mailsAbout(large.order_id)).toHaveLength(0);
  const notices = await t.identity.service.ctx.db.query('SELECT 1 FROM large_order_notices WHERE order_id = $1', [
    large.order_id,
  ]);
  expect(notices).toHaveLength(0);
});
