/**
 * Issue 21, the system timezone in the shipping service: an order's formatted_date (ready-to-ship list and
 * shipments) and the default shipment name are written in the system timezone (Chicago until identity
 * announces another); announcing another zone changes what is shown, never the stored instant.
 */
import { randomUUID } from 'node:crypto';
import { OrderCreated, TimezoneChanged } from '@portal/contracts';
import { defaultShipmentName } from '../src/use-cases/create-shipment';
import { startShipping, type TestShipping } from './support/shipping';

let t: TestShipping;
beforeAll(async () => {
  t = await startShipping('shipping_system_timezone');
});
afterAll(() => t?.stop());

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely in assertions
type Json = Record<string, any>;

/** 23:30 on 30 November 2026 in Chicago (CST): already 1 December in UTC and in New York */
const MONTH_END = '2026-12-01T05:30:00.000Z';

async function confirmedOrderPlacedAt(dealerId: string, created_at: string): Promise<string> {
  const orderId = randomUUID();
  await t.deliver(OrderCreated, orderId, {
    order_id: orderId,
    dealer_id: dealerId,
    status: 'confirmed',
    total_cents: 10000,
    items: [{ product_id: 'p1', title: 'Hub Blind', quantity: 1, price_cents: 10000, is_custom: false }],
    notes: null,
    created_at,
  });
  return orderId;
}

async function readyOrder(orderId: string): Promise<Json> {
  const res = await t.api().get('/api/admin/ready-to-ship-orders').set(t.admin);
  expect(res.status).toBe(200);
  return (res.body.orders as Json[]).find((order) => order.order_id === orderId) as Json;
}

async function shipment(shipmentId: string): Promise<Json> {
  const res = await t.api().get('/api/admin/shipments').set(t.admin);
  expect(res.status).toBe(200);
  return (res.body.shipments as Json[]).find((s) => s.shipment_id === shipmentId) as Json;
}

const announce = (system_timezone: 'America/Chicago' | 'America/New_York') =>
  t.deliver(TimezoneChanged, 'system_timezone', { system_timezone }, { producer: 'identity' });

test('When a shipment is created without a name, Then it is named after its time in the system timezone', () => {
  expect(defaultShipmentName(new Date(MONTH_END), 'America/Chicago')).toBe('Shipment Nov 30, 2026, 23:30 CST');
  expect(defaultShipmentName(new Date(MONTH_END), 'America/New_York')).toBe('Shipment Dec 1, 2026, 00:30 EST');
  expect(defaultShipmentName(new Date('2026-07-04T17:05:00.000Z'), 'America/Chicago')).toBe(
    'Shipment Jul 4, 2026, 12:05 CDT',
  );
});

test('When an order placed at 23:30 in Chicago on the last day of a month is listed and shipped, Then it shows that date; with New York announced, the next', async () => {
  const dealerId = await t.newDealer({ business_name: 'Timezone Blinds' });
  const orderId = await confirmedOrderPlacedAt(dealerId, MONTH_END);
  expect(await readyOrder(orderId)).toMatchObject({ created_at: MONTH_END, formatted_date: 'Nov 30, 2026' });

  const created = await t
    .api()
    .post('/api/admin/create-shipment')
    .set(t.admin)
    .send({ order_ids: [orderId] });
  expect(created.status).toBe(200);
  const shipmentId = created.body.shipment.shipment_id as string;
  expect(created.body.shipment.shipment_name).toMatch(/^Shipment [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} C[SD]T$/);
  expect((await shipment(shipmentId)).orders).toEqual([
    expect.objectContaining({ order_id: orderId, created_at: MONTH_END, formatted_date: 'Nov 30, 2026' }),
  ]);

  try {
    await announce('America/New_York');
    expect((await shipment(shipmentId)).orders).toEqual([
      expect.objectContaining({ order_id: orderId, created_at: MONTH_END, formatted_date: 'Dec 1, 2026' }),
    ]);
    const another = await confirmedOrderPlacedAt(dealerId, '2026-03-09T05:30:00.000Z'); // 00:30 CDT, 01:30 EDT
    expect(await readyOrder(another)).toMatchObject({ formatted_date: 'Mar 9, 2026' });
    const named = await t
      .api()
      .post('/api/admin/create-shipment')
      .set(t.admin)
      .send({ order_ids: [another] });
    expect(named.body.shipment.shipment_name).toMatch(/ E[SD]T$/);
  } finally {
    await announce('America/Chicago');
  }
  // back in Chicago: the instant never changed, so the order shows 30 November again
  expect((await shipment(shipmentId)).orders).toEqual([
    expect.objectContaining({ created_at: MONTH_END, formatted_date: 'Nov 30, 2026' }),
  ]);
});

test.each([
  ['2026-03-08T05:30:00.000Z', 'Mar 7, 2026'], // 23:30 CST, before clocks spring forward
  ['2026-03-09T05:30:00.000Z', 'Mar 9, 2026'], // 00:30 CDT (a fixed UTC−6 says 8 March)
  ['2026-11-01T05:30:00.000Z', 'Nov 1, 2026'], // 00:30 CDT, before clocks fall back (a fixed UTC−6 says 31 October)
  ['2026-11-02T05:30:00.000Z', 'Nov 1, 2026'], // 23:30 CST
])(
  'When an order was placed at %s (around a daylight-saving change), Then it shows %s in Chicago',
  async (instant, shown) => {
    const orderId = await confirmedOrderPlacedAt(await t.newDealer(), instant);
    expect(await readyOrder(orderId)).toMatchObject({ created_at: instant, formatted_date: shown });
  },
);
