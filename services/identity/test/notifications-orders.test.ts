/**
 * notify_new_orders, notify_order_status_changes and notify_order_updates: identity consumes order.created,
 * order.updated and payment.recorded and mails the admins (and, for a status, the order's dealer) through a real
 * SMTP server, each notice once: with redelivered events and with two identity instances on one database.
 */
import { randomUUID } from 'node:crypto';
import {
  DealerCreated,
  OrderCreated,
  type OrderStatus,
  OrderUpdated,
  orderNumber,
  type PayloadOfType,
  PaymentRecorded,
} from '@portal/contracts';
import { createInProcessTransport, createLogger, startService } from '@portal/platform';
import { dealerSnapshot } from '@portal/platform/testing';
import { identityService } from '../src/app';
import { NOTIFICATION_EMAIL, type NotificationsHarness, startNotifications, textOf } from './support/notifications';

const DEALER = 'DORDERS1';
const DEALER_RECORD_EMAIL = 'timber-record@example.com';

let t: NotificationsHarness;
beforeAll(async () => {
  t = await startNotifications('identity_notify_orders');
  await t.deliver(
    DealerCreated,
    DEALER,
    dealerSnapshot({ dealer_id: DEALER, email: DEALER_RECORD_EMAIL, business_name: 'Timber Blinds' }),
    { producer: 'dealer' },
  );
});
afterAll(() => t?.stop());
beforeEach(async () => {
  // large-order and revenue notices stay out of these tests' way
  await t.notifications({ notify_large_orders: false, notify_revenue_milestones: false, notify_new_dealers: false });
  await t.emailNotifications(true);
});

const LINES = [
  { product_id: 'p1', title: 'Hub Blind', quantity: 2, price_cents: 15_000, is_custom: false },
  { product_id: 'p2', title: 'Blind Stand', quantity: 1, price_cents: 4_999, is_custom: false },
];
const TOTAL = 34_999;

function newOrder(): PayloadOfType<'order.created'> {
  return {
    order_id: randomUUID(),
    dealer_id: DEALER,
    status: 'pending',
    total_cents: TOTAL,
    items: LINES,
    notes: null,
    created_at: new Date().toISOString(),
  };
}

function updated(
  order: PayloadOfType<'order.created'>,
  changes: Partial<PayloadOfType<'order.updated'>> & { status: OrderStatus; previous_status: OrderStatus },
): PayloadOfType<'order.updated'> {
  return {
    order_id: order.order_id,
    dealer_id: order.dealer_id,
    payment_status: 'unpaid',
    total_cents: order.total_cents,
    paid_cents: 0,
    items: order.items,
    notes: order.notes,
    ...changes,
  };
}

const deliverCreated = (order: PayloadOfType<'order.created'>, id?: string) =>
  t.deliver(OrderCreated, order.order_id, order, { id });
const deliverUpdated = (payload: PayloadOfType<'order.updated'>, id?: string) =>
  t.deliver(OrderUpdated, payload.order_id, payload, { id });

describe('notify_new_orders', () => {
  test('When an order is created, Then the notification email gets one notice with number, dealer, lines and total, even when delivered again', async () => {
    const order = newOrder();
    const number = orderNumber(order.order_id);
    const id = await deliverCreated(order);
    await deliverCreated(order, id);
    await deliverCreated(order);
    await t.settled();
    const mails = t.mailsWith(`New order ${number}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.envelopeTo).toEqual([NOTIFICATION_EMAIL]);
    const text = textOf(mails[0]);
    expect(text).toContain(`Timber Blinds placed order ${number} totalling $349.99`);
    expect(text).toContain('2 × Hub Blind at $150.00');
    expect(text).toContain('1 × Blind Stand at $49.99');
    expect(text).toContain(`https://portal.example.com/admin/orders/${order.order_id}`);
  });

  test('When the setting, email notifications or the Email Settings notifications are off, Then no notice', async () => {
    for (const turnOff of [
      () => t.notifications({ notify_new_orders: false }),
      () => t.notifications({ email_notifications_enabled: false }),
      () => t.emailNotifications(false),
    ]) {
      await t.notifications();
      await t.emailNotifications(true);
      await turnOff();
      const order = newOrder();
      await deliverCreated(order);
      await t.settled();
      expect(t.mailsWith(orderNumber(order.order_id))).toHaveLength(0);
    }
  });

  test('When two identity instances on one database each get the order announced, Then one notice', async () => {
    const logger = createLogger('test', 'silent');
    const otherBus = createInProcessTransport({ logger });
    const other = await startService(identityService, t.identity.env, { transport: otherBus, logger });
    try {
      const order = newOrder();
      const envelope = (id: string) => ({
        id,
        type: OrderCreated.type,
        version: OrderCreated.version,
        occurredAt: new Date().toISOString(),
        producer: 'order' as const,
        aggregateId: order.order_id,
        payload: order,
      });
      // two announcements of one order (an operator's replay): different event ids, applied at the same time
      const ids = [randomUUID(), randomUUID()] as const;
      await Promise.all([t.transport.publish(envelope(ids[0]), {}), otherBus.publish(envelope(ids[1]), {})]);
      // both applied (one database: each instance's processed_events row is in the same table)
      const until = Date.now() + 5000;
      const applied = () =>
        other.ctx.db.query('SELECT 1 FROM processed_events WHERE event_id = ANY($1::uuid[])', [[...ids]]);
      while ((await applied()).length < 2) {
        if (Date.now() > until) throw new Error('the two announcements were not both applied');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await t.settled();
      expect(t.mailsWith(`New order ${orderNumber(order.order_id)}`)).toHaveLength(1);
    } finally {
      await other.stop();
      await otherBus.close();
    }
  });
});

describe('notify_order_status_changes', () => {
  test("When an order's status changes, Then the admins and the dealer hear of it once; the dealer's login email is preferred to the dealer record's", async () => {
    const order = newOrder();
    const number = orderNumber(order.order_id);
    await deliverCreated(order);
    const confirmed = updated(order, { status: 'confirmed', previous_status: 'pending' });
    const id = await deliverUpdated(confirmed);
    await deliverUpdated(confirmed, id);
    await deliverUpdated(confirmed);
    await t.settled();
    const admin = t.mailsWith(`Order ${number} from Timber Blinds is now confirmed`);
    expect(admin).toHaveLength(1);
    expect(admin[0]?.envelopeTo).toEqual([NOTIFICATION_EMAIL]);
    expect(textOf(admin[0])).toContain('moved from Pending to Confirmed');
    const dealer = t.mailsWith(`Your order ${number} is confirmed`);
    expect(dealer).toHaveLength(1);
    expect(dealer[0]?.envelopeTo).toEqual([DEALER_RECORD_EMAIL]);
    expect(textOf(dealer[0])).toContain(`https://portal.example.com/dealer/orders/${order.order_id}`);

    // in_shipment is the admins' own grouping of orders into a route: no mail to them nor to the dealer
    await deliverUpdated(updated(order, { status: 'in_shipment', previous_status: 'confirmed' }));
    await t.settled();
    expect(t.mailsWith(`Order ${number} from Timber Blinds is now in shipment`)).toHaveLength(0);
    expect(t.mailsWith(`Your order ${number}`)).toHaveLength(1);

    // the dealer signed up: its login's email gets the next ones
    const login = await t.identity.userByEmail('timber-login@example.com');
    if (!login)
      await t.identity.addUser({
        email: 'timber-login@example.com',
        password: 'long password 9',
        role: 'dealer',
        dealerId: DEALER,
      });
    await deliverUpdated(updated(order, { status: 'shipped', previous_status: 'in_shipment' }));
    const shipped = t.mailsWith(`Your order ${number} is on its way`);
    expect(shipped).toHaveLength(1);
    expect(t.mailsWith(`Order ${number} from Timber Blinds is now shipped`)).toHaveLength(1);
    expect(shipped[0]?.envelopeTo).toEqual(['timber-login@example.com']);
  });

  test('When notify_order_status_changes (or email notifications) is off, Then neither the admins nor the dealer hear of it', async () => {
    for (const turnOff of [
      () => t.notifications({ notify_order_status_changes: false }),
      () => t.notifications({ email_notifications_enabled: false }),
      () => t.emailNotifications(false),
    ]) {
      await t.notifications({ notify_large_orders: false, notify_revenue_milestones: false });
      await t.emailNotifications(true);
      const order = newOrder();
      await deliverCreated(order);
      await turnOff();
      await deliverUpdated(updated(order, { status: 'cancelled', previous_status: 'pending' }));
      await t.settled();
      const number = orderNumber(order.order_id);
      expect(t.mailsWith(`Order ${number}`)).toHaveLength(0);
      expect(t.mailsWith(`Your order ${number}`)).toHaveLength(0);
    }
  });
});

describe('notify_order_updates', () => {
  test('When lines, notes or the total change, Then the admins hear of it; a re-announcement of the same order sends nothing', async () => {
    const order = newOrder();
    const number = orderNumber(order.order_id);
    await deliverCreated(order);
    // the order service re-announces an order as it is (status = previous_status, nothing changed)
    await deliverUpdated(updated(order, { status: 'pending', previous_status: 'pending' }));
    await t.settled();
    expect(t.mailsWith(`Order ${number} from Timber Blinds was updated`)).toHaveLength(0);

    const changed = updated(order, {
      status: 'pending',
      previous_status: 'pending',
      notes: 'Deliver to the back door',
      items: [LINES[0] as (typeof LINES)[number]],
      total_cents: 30_000,
    });
    const id = await deliverUpdated(changed);
    await deliverUpdated(changed, id);
    await t.settled();
    const mails = t.mailsWith(`Order ${number} from Timber Blinds was updated`);
    expect(mails).toHaveLength(1);
    expect(textOf(mails[0])).toContain('now totals $300.00');
    expect(textOf(mails[0])).toContain('Notes: Deliver to the back door');
    // a status change alone is not an "update"
    await deliverUpdated({ ...changed, status: 'confirmed', previous_status: 'pending' });
    await t.settled();
    expect(t.mailsWith(`Order ${number} from Timber Blinds was updated`)).toHaveLength(1);
  });

  test('When a payment is recorded, Then the admins hear of it while notify_order_updates is on', async () => {
    const order = newOrder();
    const number = orderNumber(order.order_id);
    const payment = (amount: number): PayloadOfType<'payment.recorded'> => ({
      payment_id: randomUUID(),
      order_id: order.order_id,
      dealer_id: DEALER,
      amount_cents: amount,
      payment_method: 'check',
      payment_status: 'partially_paid',
      total_cents: TOTAL,
      paid_cents: amount,
      created_at: new Date().toISOString(),
    });
    const first = payment(10_000);
    const id = await t.deliver(PaymentRecorded, order.order_id, first);
    await t.deliver(PaymentRecorded, order.order_id, first, { id });
    const mails = t.mailsWith(`Payment of $100.00 on order ${number}`);
    expect(mails).toHaveLength(1);
    expect(textOf(mails[0])).toContain('$100.00 of $349.99 paid (partially paid)');

    await t.notifications({ notify_order_updates: false });
    await t.deliver(PaymentRecorded, order.order_id, payment(5_000));
    await t.settled();
    expect(t.mailsWith(`Payment of $50.00 on order ${number}`)).toHaveLength(0);
  });

  test('When notify_order_updates is off, Then a changed order sends no update notice', async () => {
    await t.notifications({ notify_order_updates: false });
    const order = newOrder();
    await deliverCreated(order);
    await deliverUpdated(updated(order, { status: 'pending', previous_status: 'pending', notes: 'changed' }));
    await t.settled();
    expect(t.mailsWith(`Order ${orderNumber(order.order_id)} from Timber Blinds was updated`)).toHaveLength(0);
  });
});
