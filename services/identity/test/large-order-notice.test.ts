/**
 * The large-order notice: identity consumes order.created and mails the notification email through a real SMTP
 * server when the order's total is above the threshold of the notification settings, once per order.
 */
import { randomUUID } from 'node:crypto';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DealerCreated,
  type NotificationSettings,
  OrderCreated,
  type PayloadOfType,
} from '@portal/contracts';
import { createInProcessTransport, createLogger, type InProcessTransport } from '@portal/platform';
import { dealerSnapshot, deliverEvent, eventsSettled } from '@portal/platform/testing';
import { parseMail, type SmtpReceiver, startSmtpReceiver } from '@portal/platform/testing/smtp-receiver';
import { writeSettings } from '../src/data/settings-store';
import { startIdentity, type TestIdentity, testMailEnv } from './support/identity';

let smtp: SmtpReceiver;
let transport: InProcessTransport;
let identity: TestIdentity;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  const logger = createLogger('test', 'silent');
  transport = createInProcessTransport({ logger });
  identity = await startIdentity(
    'identity_large_orders',
    {
      ...testMailEnv(smtp),
    },
    { transport, logger },
  );
  await deliverEvent(
    transport,
    identity.service,
    DealerCreated,
    'DLARGE01',
    dealerSnapshot({ dealer_id: 'DLARGE01', email: 'large@example.com', business_name: 'Timber Blinds' }),
  );
});
afterAll(async () => {
  await identity?.stop();
  await transport?.close();
  await smtp?.stop();
});

const saveNotificationSettings = (changes: Partial<NotificationSettings>) =>
  writeSettings(
    identity.service.ctx.db.manager,
    'notifications',
    { ...DEFAULT_NOTIFICATION_SETTINGS, notification_email: 'owner@example.com', ...changes },
    'test',
  );

const order = (totalCents: number): PayloadOfType<'order.created'> => ({
  order_id: randomUUID(),
  dealer_id: 'DLARGE01',
  status: 'pending',
  total_cents: totalCents,
  items: [{ product_id: 'p1', title: 'Hub Blind', quantity: 1, price_cents: totalCents, is_custom: false }],
  notes: null,
  created_at: new Date().toISOString(),
});

/** publishes order.created with the given event id and waits until identity applied (or skipped) it */
async function deliverOrder(payload: PayloadOfType<'order.created'>, id = randomUUID()): Promise<void> {
  await transport.publish(
    {
      id,
      type: OrderCreated.type,
      version: OrderCreated.version,
      occurredAt: new Date().toISOString(),
      producer: 'order',
      aggregateId: payload.order_id,
      payload,
    },
    {},
  );
  const until = Date.now() + 5000;
  for (;;) {
    const rows = await identity.service.ctx.db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [id]);
    if (rows.length) return;
    if (Date.now() > until) throw new Error(`order.created ${id} was not applied in time`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** the large-order notices of an order (its new-order notice and others are the notifications tests' concern) */
const mailsAbout = (orderId: string) =>
  smtp.received.filter((mail) => {
    const subject = parseMail(mail.raw).headers.get('subject') ?? '';
    return subject.startsWith('Large order') && subject.includes(orderId.slice(-8).toUpperCase());
  });

test('When an order above the threshold is created with notify_large_orders on, Then one notice reaches the notification email, even when delivered again', async () => {
  await saveNotificationSettings({ notify_large_orders: true, large_order_threshold: 1000 });
  const large = order(100001); // $1000.01
  const eventId = randomUUID();
  await deliverOrder(large, eventId);
  await deliverOrder(large, eventId); // the same message redelivered
  await deliverOrder(large); // the same order announced again under a new event id
  await eventsSettled(transport, [identity.service]); // the redelivery too was handled: no second send is coming
  const mails = mailsAbout(large.order_id);
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  expect(mail?.envelopeTo).toEqual(['owner@example.com']);
  const parsed = parseMail(mail?.raw ?? '');
  const number = large.order_id.slice(-8).toUpperCase();
  expect(parsed.headers.get('subject')).toBe(`Large order ${number} from Timber Blinds: $1000.01`);
  expect(parsed.body).toContain('$1000.01');
  const notices = await identity.service.ctx.db.query(
    'SELECT sent_to, message_id FROM large_order_notices WHERE order_id = $1',
    [large.order_id],
  );
  expect(notices).toEqual([{ sent_to: 'owner@example.com', message_id: expect.any(String) }]);
});

test('When an order is at or under the threshold, Then no notice', async () => {
  await saveNotificationSettings({ notify_large_orders: true, large_order_threshold: 250.5 });
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
  await saveNotificationSettings({ notify_large_orders: false });
  const large = order(5_000_000);
  await deliverOrder(large);
  expect(mailsAbout(large.order_id)).toHaveLength(0);
  const notices = await identity.service.ctx.db.query('SELECT 1 FROM large_order_notices WHERE order_id = $1', [
    large.order_id,
  ]);
  expect(notices).toHaveLength(0);
});
