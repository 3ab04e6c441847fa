/**
 * notify_revenue_milestones with revenue_threshold: identity keeps each order's total from order.created and
 * order.updated and, when a month's revenue (the month counted in the system timezone, Chicago by default)
 * crosses multiples of the threshold, mails the highest multiple crossed, never the same one twice.
 */
import { randomUUID } from 'node:crypto';
import { OrderCreated, OrderUpdated, type PayloadOfType } from '@portal/contracts';
import { NOTIFICATION_EMAIL, type NotificationsHarness, startNotifications, textOf } from './support/notifications';

let t: NotificationsHarness;
beforeAll(async () => {
  t = await startNotifications('identity_notify_revenue');
});
afterAll(() => t?.stop());
beforeEach(async () => {
  await t.notifications({ notify_new_orders: false, notify_large_orders: false, notify_order_updates: false });
  await t.emailNotifications(true);
  await t.systemConfiguration({ system_timezone: 'America/Chicago' });
});

function order(totalCents: number, createdAt: string): PayloadOfType<'order.created'> {
  return {
    order_id: randomUUID(),
    dealer_id: 'DREV1',
    status: 'pending',
    total_cents: totalCents,
    items: [{ product_id: 'p1', title: 'Hub Blind', quantity: 1, price_cents: totalCents, is_custom: false }],
    notes: null,
    created_at: createdAt,
  };
}
const create = (payload: PayloadOfType<'order.created'>, id?: string) =>
  t.deliver(OrderCreated, payload.order_id, payload, { id });
const revenueMails = (month: string) => t.mailsWith(`Revenue for ${month} passed`);

test('An order at 23:30 in Chicago on the last day of November counts in November: its month crosses $1000, December does not', async () => {
  await create(order(60_000, '2026-11-15T18:00:00.000Z'));
  expect(revenueMails('November 2026')).toHaveLength(0);
  // Nov 30, 23:30 CST is Dec 1, 05:30 UTC
  await create(order(50_000, '2026-12-01T05:30:00.000Z'));
  const mails = revenueMails('November 2026');
  expect(mails).toHaveLength(1);
  expect(mails[0]?.envelopeTo).toEqual([NOTIFICATION_EMAIL]);
  expect(textOf(mails[0])).toContain('reached $1100.00, passing $1000.00');
  // Dec 1, 00:30 CST: December, on its own
  await create(order(95_000, '2026-12-01T06:30:00.000Z'));
  await t.settled();
  expect(revenueMails('December 2026')).toHaveLength(0);
});

test('The system timezone decides the month: in Los Angeles, 22:30 on March 31 is still March', async () => {
  await t.systemConfiguration({ system_timezone: 'America/Los_Angeles' });
  await create(order(100_000, '2027-04-01T05:30:00.000Z')); // Mar 31, 22:30 PDT; in Chicago already April
  expect(revenueMails('March 2027')).toHaveLength(1);
  expect(revenueMails('April 2027')).toHaveLength(0);
});

test('Crossing several multiples at once names the highest; none repeats after a cancellation, and the next one is announced', async () => {
  const big = order(350_000, '2027-01-10T15:00:00.000Z');
  const id = await create(big);
  await create(big, id); // redelivered
  await create(big); // announced again
  await t.settled();
  const mails = revenueMails('January 2027');
  expect(mails).toHaveLength(1);
  expect(textOf(mails[0])).toContain('passing $3000.00 (3 × the milestone of $1000.00)');
  const claims = await t.identity.service.ctx.db.query(
    `SELECT key FROM sent_notifications WHERE kind = 'revenue_milestone' AND key LIKE '2027-01:%' ORDER BY key`,
  );
  expect(claims.map((row: { key: string }) => row.key)).toEqual([
    '2027-01:100000:1',
    '2027-01:100000:2',
    '2027-01:100000:3',
  ]);

  // cancelled: January falls back to 0; a new order past $3000 crosses nothing new
  await t.deliver(OrderUpdated, big.order_id, {
    order_id: big.order_id,
    dealer_id: big.dealer_id,
    status: 'cancelled',
    previous_status: 'pending',
    payment_status: 'unpaid',
    total_cents: big.total_cents,
    paid_cents: 0,
    items: big.items,
    notes: null,
  });
  await create(order(320_000, '2027-01-11T15:00:00.000Z'));
  await t.settled();
  expect(revenueMails('January 2027')).toHaveLength(1);
  // $4100: the fourth multiple is new
  await create(order(90_000, '2027-01-12T15:00:00.000Z'));
  const after = revenueMails('January 2027');
  expect(after).toHaveLength(2);
  expect(textOf(after[1])).toContain('reached $4100.00, passing $4000.00');
});

test('While notify_revenue_milestones is off nothing is sent or claimed, and a multiple crossed meanwhile is not announced late', async () => {
  await t.notifications({ notify_new_orders: false, notify_large_orders: false, notify_revenue_milestones: false });
  await create(order(200_000, '2027-02-10T15:00:00.000Z'));
  await t.settled();
  expect(revenueMails('February 2027')).toHaveLength(0);
  const claims = await t.identity.service.ctx.db.query(
    `SELECT 1 FROM sent_notifications WHERE kind = 'revenue_milestone' AND key LIKE '2027-02:%'`,
  );
  expect(claims).toHaveLength(0);
  await t.notifications({ notify_new_orders: false, notify_large_orders: false });
  await create(order(10_000, '2027-02-11T15:00:00.000Z')); // $2100: no multiple crossed by this order
  await t.settled();
  expect(revenueMails('February 2027')).toHaveLength(0);
  await create(order(100_000, '2027-02-12T15:00:00.000Z')); // $3100: crosses $3000
  expect(revenueMails('February 2027')).toHaveLength(1);
});

test('With email notifications (or the Email Settings notifications) off, no milestone mail', async () => {
  await t.notifications({ notify_new_orders: false, notify_large_orders: false, email_notifications_enabled: false });
  await create(order(150_000, '2027-05-10T15:00:00.000Z'));
  await t.notifications({ notify_new_orders: false, notify_large_orders: false });
  await t.emailNotifications(false);
  await create(order(150_000, '2027-06-10T15:00:00.000Z'));
  await t.settled();
  expect(revenueMails('May 2027')).toHaveLength(0);
  expect(revenueMails('June 2027')).toHaveLength(0);
});

test('Two orders applied at the same time that cross a multiple together announce it once', async () => {
  const orders = [order(60_000, '2027-07-10T15:00:00.000Z'), order(60_000, '2027-07-10T15:00:01.000Z')];
  await Promise.all(orders.map((payload) => create(payload)));
  await t.settled();
  const mails = revenueMails('July 2027');
  expect(mails).toHaveLength(1);
  expect(textOf(mails[0])).toContain('reached $1200.00, passing $1000.00');
});
