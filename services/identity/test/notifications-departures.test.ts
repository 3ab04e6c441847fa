/**
 * A route leaves (shipment.departed): each dealer on it is mailed its orders on the truck and the ETA in the
 * system timezone, through a real SMTP server, while notify_order_status_changes (and the master switches) are
 * on; once per (shipment, dealer), and instead of the per-order "on its way" mails of those orders.
 */
import { randomUUID } from 'node:crypto';
import {
  DealerCreated,
  type OrderStatus,
  OrderUpdated,
  orderNumber,
  type PayloadOfType,
  ShipmentDeparted,
} from '@portal/contracts';
import { formatDayAndTimeIn } from '@portal/platform';
import { dealerSnapshot } from '@portal/platform/testing';
import { htmlOf, type NotificationsHarness, startNotifications, subjectOf, textOf } from './support/notifications';

const ZONE = 'America/Denver';

let t: NotificationsHarness;
beforeAll(async () => {
  t = await startNotifications('identity_notify_departures');
  await t.systemConfiguration({ system_timezone: ZONE });
});
afterAll(() => t?.stop());
beforeEach(async () => {
  await t.notifications({ notify_large_orders: false, notify_revenue_milestones: false, notify_new_dealers: false });
  await t.emailNotifications(true);
});

/** a dealer identity knows (dealer.created), with its own address */
async function newDealer(): Promise<{ dealerId: string; email: string }> {
  const dealerId = `D${randomUUID().slice(0, 8).toUpperCase()}`;
  const email = `${dealerId.toLowerCase()}@example.com`;
  await t.deliver(DealerCreated, dealerId, dealerSnapshot({ dealer_id: dealerId, email, business_name: 'Timber' }), {
    producer: 'dealer',
  });
  return { dealerId, email };
}

const mailsTo = (address: string) => t.smtp.received.filter((mail) => mail.envelopeTo.includes(address));

function departure(stops: PayloadOfType<'shipment.departed'>['stops']): PayloadOfType<'shipment.departed'> {
  return {
    shipment_id: randomUUID(),
    shipment_name: 'North <b>loop</b>',
    departed_at: '2026-03-02T15:05:00.000Z',
    driver: { email: 'dan@example.com', full_name: 'Dan Driver' },
    stops,
  };
}
const deliverDeparture = (payload: PayloadOfType<'shipment.departed'>, id?: string) =>
  t.deliver(ShipmentDeparted, payload.shipment_id, payload, { id, producer: 'shipping' });

/** order.updated as the order service announces an order's new status */
const statusUpdate = (
  orderId: string,
  dealerId: string,
  status: OrderStatus,
  previous_status: OrderStatus,
): PayloadOfType<'order.updated'> => ({
  order_id: orderId,
  dealer_id: dealerId,
  status,
  previous_status,
  payment_status: 'unpaid',
  total_cents: 24_999,
  paid_cents: 0,
  items: [{ product_id: 'p1', title: 'Hub Blind', quantity: 1, price_cents: 24_999, is_custom: false }],
  notes: null,
});

test('When a route leaves, Then each dealer on it gets one mail with its own orders and its ETA in the system timezone, even when the event comes again', async () => {
  const first = await newDealer();
  const second = await newDealer();
  const [a1, a2, b1] = [randomUUID(), randomUUID(), randomUUID()];
  const eta = '2026-03-02T19:40:00.000Z';
  const payload = departure([
    { dealer_id: first.dealerId, stop_number: 1, order_ids: [a1, a2], eta_at: '2026-03-02T16:10:00.000Z' },
    { dealer_id: second.dealerId, stop_number: 2, order_ids: [b1], eta_at: eta },
    // a dealer identity has no address for is skipped; the others are still told
    { dealer_id: 'DUNKNOWN', stop_number: 3, order_ids: [randomUUID()], eta_at: null },
  ]);
  const id = await deliverDeparture(payload);
  // the same event again, and the shipment announced again under a new event id
  await deliverDeparture(payload, id);
  await deliverDeparture(payload);
  await t.settled();

  const toFirst = mailsTo(first.email);
  expect(toFirst).toHaveLength(1);
  expect(subjectOf(toFirst[0])).toBe('Your delivery is on the road, expected Mar 2, 2026 at 9:10 AM MST');
  const firstText = textOf(toFirst[0]);
  expect(firstText).toContain('Route North <b>loop</b> left on Mar 2, 2026 at 8:05 AM MST with 2 of your orders');
  expect(firstText).toContain('Expected arrival: Mar 2, 2026 at 9:10 AM MST.');
  expect(firstText).toContain(`- Order ${orderNumber(a1)}\n- Order ${orderNumber(a2)}`);
  expect(firstText).not.toContain(orderNumber(b1));
  // what the shipping service names is text in the HTML part, never markup
  expect(htmlOf(toFirst[0])).toContain('North &lt;b&gt;loop&lt;/b&gt;');
  expect(htmlOf(toFirst[0])).not.toContain('<b>loop</b>');

  const toSecond = mailsTo(second.email);
  expect(toSecond).toHaveLength(1);
  expect(textOf(toSecond[0])).toContain(`Expected arrival: ${formatDayAndTimeIn(eta, ZONE)}.`);
  expect(textOf(toSecond[0])).toContain(`with your order ${orderNumber(b1)}`);
  expect(textOf(toSecond[0])).not.toContain(orderNumber(a1));
});

test('When an order on the truck is then marked shipped, Then its dealer gets no "on its way" mail as well; an order not on the truck still does', async () => {
  const dealer = await newDealer();
  const onTruck = randomUUID();
  const elsewhere = randomUUID();
  await deliverDeparture(
    departure([{ dealer_id: dealer.dealerId, stop_number: 1, order_ids: [onTruck], eta_at: null }]),
  );
  await t.deliver(OrderUpdated, onTruck, statusUpdate(onTruck, dealer.dealerId, 'shipped', 'in_shipment'));
  await t.deliver(OrderUpdated, elsewhere, statusUpdate(elsewhere, dealer.dealerId, 'shipped', 'in_shipment'));
  await t.settled();

  const subjects = mailsTo(dealer.email).map(subjectOf);
  expect(subjects).toEqual(['Your delivery is on the road', `Your order ${orderNumber(elsewhere)} is on its way`]);
  expect(textOf(mailsTo(dealer.email)[0])).toContain('The expected arrival time is not known yet.');
});

test('When notify_order_status_changes, email notifications or the Email Settings notifications are off, Then no departure mail', async () => {
  for (const turnOff of [
    () => t.notifications({ notify_order_status_changes: false }),
    () => t.notifications({ email_notifications_enabled: false }),
    () => t.emailNotifications(false),
  ]) {
    await t.notifications({ notify_large_orders: false, notify_revenue_milestones: false, notify_new_dealers: false });
    await t.emailNotifications(true);
    const dealer = await newDealer();
    await turnOff();
    await deliverDeparture(
      departure([{ dealer_id: dealer.dealerId, stop_number: 1, order_ids: [randomUUID()], eta_at: null }]),
    );
    await t.settled();
    expect(mailsTo(dealer.email)).toHaveLength(0);
  }
});
