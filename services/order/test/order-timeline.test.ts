/**
 * Where is my order: GET /api/dealer/order-timeline/{order_id} follows an order from the dealer's submit through
 * confirmation, shipping's shipment.created and shipment.departed (the route and its ETA), the delivery with its
 * proof and a payment; a dealer reads only its own orders. Departures arrive redelivered, late and before their
 * shipment, as a bus may bring them. Real PostgreSQL and the real RabbitMQ, on an exchange and queues named for
 * this run only.
 */
import { randomUUID } from 'node:crypto';
import {
  DealerCreated,
  type EventDef,
  type OrderTimeline,
  type OrderTimelineStep,
  ProductCreated,
  type ProductSnapshot,
  ShipmentCreated,
  ShipmentDeparted,
  ShipmentOrderStatusChanged,
} from '@portal/contracts';
import { createAmqpTransport, createLogger, type EventTransport } from '@portal/platform';
import {
  bearer,
  collectEvents,
  deliverEvent,
  newDealerSnapshot,
  startTestService,
  type TestService,
  testAmqpUrl,
  uniqueName,
} from '@portal/platform/testing';
import { connect } from 'amqplib';
import type { z } from 'zod';
import { orderService } from '../src/app';

const SIGNATURE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const names = { exchange: uniqueName('ordertest.events'), queuePrefix: uniqueName('ordertest') };

let transport: EventTransport;
let orders: TestService;
let admin: Record<string, string>;
let product: ProductSnapshot;

const deliver = <D extends EventDef>(
  def: D,
  aggregateId: string,
  payload: z.input<D['payload']>,
  opts: { id?: string; occurredAt?: string } = {},
) =>
  deliverEvent(transport, orders.service, def, aggregateId, payload, {
    producer: def.type.startsWith('shipment.') ? 'shipping' : 'dealer',
    timeoutMs: 15_000,
    ...opts,
  });

beforeAll(async () => {
  const logger = createLogger('test', 'silent');
  transport = createAmqpTransport({ url: testAmqpUrl(), logger, ...names });
  orders = await startTestService(orderService, { prefix: 'order_timeline', deps: { transport, logger } });
  // what shipping would receive: bound so the order service's own events have somewhere to go
  await collectEvents(transport, 'shipping', ['order.created', 'order.updated', 'payment.recorded']);
  admin = bearer(orders.tokenFor({ role: 'admin' }));
  product = {
    product_id: randomUUID(),
    title: 'Hub Blind',
    description: 'Two-person hub blind',
    price_cents: 24_999,
    status: 'active',
    image_filename: null,
  };
  await deliver(ProductCreated, product.product_id, product, { id: randomUUID() });
}, 60_000);

afterAll(async () => {
  await orders?.stop();
  await transport?.close();
  const connection = await connect(testAmqpUrl());
  connection.on('error', () => undefined);
  try {
    const channel = await connection.createChannel();
    channel.on('error', () => undefined);
    for (const service of ['order', 'shipping'])
      for (const suffix of ['', '.retry', '.dlq'])
        await channel.deleteQueue(`${names.queuePrefix}.${service}${suffix}`);
    await channel.deleteExchange(names.exchange);
  } finally {
    await connection.close();
  }
});

const dealerToken = (dealerId: string) => bearer(orders.tokenFor({ role: 'dealer', dealerId }));

async function newDealer(): Promise<string> {
  const snapshot = newDealerSnapshot({ business_name: 'Timber Blinds', phone: '555-0100', city: 'Waco', state: 'TX' });
  await deliver(DealerCreated, snapshot.dealer_id, snapshot);
  return snapshot.dealer_id;
}

async function submitted(dealerId: string): Promise<string> {
  const res = await orders
    .http()
    .post('/api/dealer/submit-order')
    .set(dealerToken(dealerId))
    .send({ product_orders: [{ product_id: product.product_id, quantity: 2 }] });
  expect(res.status).toBe(200);
  return res.body.order_id as string;
}

async function confirmed(dealerId: string): Promise<string> {
  const orderId = await submitted(dealerId);
  const res = await orders.http().put(`/api/admin/update-order/${orderId}`).set(admin).send({ status: 'confirmed' });
  expect(res.status).toBe(200);
  return orderId;
}

async function timeline(orderId: string, as: Record<string, string> = admin): Promise<OrderTimeline> {
  const res = await orders.http().get(`/api/dealer/order-timeline/${orderId}`).set(as);
  expect(res.status).toBe(200);
  expect(res.body.success).toBe(true);
  return res.body.timeline as OrderTimeline;
}

const line = (t: OrderTimeline) => t.steps.map((step) => `${step.kind}:${step.state}`);
const step = (t: OrderTimeline, kind: OrderTimelineStep['kind']) => t.steps.find((s) => s.kind === kind);

const departure = (shipmentId: string, dealerId: string, orderIds: string[], eta: string | null) => ({
  shipment_id: shipmentId,
  shipment_name: 'North Loop',
  departed_at: '2026-07-01T14:00:00.000Z',
  driver: { email: 'driver@example.com', full_name: 'Dee Driver' },
  stops: [{ dealer_id: dealerId, stop_number: 1, order_ids: orderIds, eta_at: eta }],
});

test('When an order is placed, confirmed, put on a route that leaves, delivered with proof and paid, Then the dealer sees each step in turn', async () => {
  const dealerId = await newDealer();
  const own = dealerToken(dealerId);
  const orderId = await submitted(dealerId);

  const placed = await timeline(orderId, own);
  expect(placed).toMatchObject({ order_id: orderId, order_number: orderId.slice(-8).toUpperCase(), status: 'pending' });
  expect(line(placed)).toEqual(['placed:current', 'confirmed:upcoming', 'on_truck:upcoming', 'delivered:upcoming']);
  expect(step(placed, 'confirmed')).toMatchObject({ at: null, detail: 'Waiting for confirmation' });

  expect(
    (await orders.http().put(`/api/admin/update-order/${orderId}`).set(admin).send({ status: 'confirmed' })).status,
  ).toBe(200);
  const afterConfirm = await timeline(orderId, own);
  expect(line(afterConfirm)).toEqual(['placed:done', 'confirmed:current', 'on_truck:upcoming', 'delivered:upcoming']);
  expect(step(afterConfirm, 'confirmed')?.at).toEqual(expect.any(String));

  const shipmentId = randomUUID();
  const assignedAt = '2026-07-01T09:00:00.000Z';
  await deliver(
    ShipmentCreated,
    shipmentId,
    { shipment_id: shipmentId, order_ids: [orderId] },
    { occurredAt: assignedAt },
  );
  const scheduled = await timeline(orderId, own);
  expect(scheduled.status).toBe('in_shipment');
  expect(step(scheduled, 'on_truck')).toMatchObject({
    state: 'current',
    at: assignedAt,
    title: 'Scheduled for delivery',
  });

  const eta = '2026-07-01T16:30:00.000Z';
  await deliver(ShipmentDeparted, shipmentId, departure(shipmentId, dealerId, [orderId], eta));
  const onTruck = await timeline(orderId, own);
  expect(step(onTruck, 'on_truck')).toEqual({
    kind: 'on_truck',
    state: 'current',
    at: '2026-07-01T14:00:00.000Z',
    title: 'On the truck',
    detail: 'Route North Loop',
    eta_at: eta,
  });

  await deliver(ShipmentOrderStatusChanged, orderId, {
    shipment_id: shipmentId,
    order_id: orderId,
    status: 'delivered',
    delivery: {
      delivered_at: '2026-07-01T16:40:00.000Z',
      recipient_name: 'Sam Yard',
      signature_png_base64: SIGNATURE_PNG,
    },
  });
  const pay = await orders
    .http()
    .post('/api/admin/record-payment')
    .set(admin)
    .send({ order_id: orderId, payment_method: 'check', amount: 120.5, check_number: '1042' });
  expect(pay.status).toBe(200);

  const done = await timeline(orderId, own);
  expect(done.status).toBe('delivered');
  expect(line(done)).toEqual(['placed:done', 'confirmed:done', 'on_truck:done', 'delivered:done', 'payment:done']);
  expect(step(done, 'on_truck')?.eta_at).toBeNull(); // no longer "expected" once delivered
  expect(step(done, 'delivered')).toMatchObject({
    at: '2026-07-01T16:40:00.000Z',
    detail: 'Received by Sam Yard',
    with_signature: true,
  });
  expect(step(done, 'payment')).toMatchObject({
    state: 'done',
    amount: 120.5,
    payment_method: 'check',
    detail: '$120.50 by check #1042',
  });
  // the admin reads the same timeline
  expect(await timeline(orderId)).toEqual(done);
});

test('When departures are redelivered or arrive late, Then the newest departure stays; one before its shipment still counts', async () => {
  const dealerId = await newDealer();
  const orderId = await confirmed(dealerId);
  const shipmentId = randomUUID();

  // the departure overtakes shipment.created: kept, shown once the order is on the shipment
  const firstId = await deliver(
    ShipmentDeparted,
    shipmentId,
    departure(shipmentId, dealerId, [orderId], '2026-07-01T16:00:00.000Z'),
    { occurredAt: '2026-07-01T14:00:00.000Z' },
  );
  expect(step(await timeline(orderId), 'on_truck')?.state).toBe('upcoming');
  await deliver(ShipmentCreated, shipmentId, { shipment_id: shipmentId, order_ids: [orderId] });
  expect(step(await timeline(orderId), 'on_truck')).toMatchObject({
    state: 'current',
    title: 'On the truck',
    eta_at: '2026-07-01T16:00:00.000Z',
  });

  // a newer departure (the route's ETA recomputed) replaces it
  await deliver(ShipmentDeparted, shipmentId, departure(shipmentId, dealerId, [orderId], '2026-07-01T17:15:00.000Z'), {
    occurredAt: '2026-07-01T14:05:00.000Z',
  });
  expect(step(await timeline(orderId), 'on_truck')?.eta_at).toBe('2026-07-01T17:15:00.000Z');

  // the first one redelivered (same event) and an older one arriving late change nothing
  await deliver(ShipmentDeparted, shipmentId, departure(shipmentId, dealerId, [orderId], '2026-07-01T16:00:00.000Z'), {
    id: firstId,
    occurredAt: '2026-07-01T14:00:00.000Z',
  });
  await deliver(ShipmentDeparted, shipmentId, departure(shipmentId, dealerId, [orderId], '2026-07-01T15:00:00.000Z'), {
    occurredAt: '2026-07-01T13:59:00.000Z',
  });
  expect(step(await timeline(orderId), 'on_truck')?.eta_at).toBe('2026-07-01T17:15:00.000Z');
});

test('When a departure names an order under another dealer stop, Then that order keeps no departure', async () => {
  const dealerId = await newDealer();
  const otherDealer = await newDealer();
  const orderId = await confirmed(dealerId);
  const shipmentId = randomUUID();
  await deliver(ShipmentCreated, shipmentId, { shipment_id: shipmentId, order_ids: [orderId] });
  await deliver(
    ShipmentDeparted,
    shipmentId,
    departure(shipmentId, otherDealer, [orderId], '2026-07-01T16:00:00.000Z'),
  );
  expect(step(await timeline(orderId), 'on_truck')).toMatchObject({ title: 'Scheduled for delivery', eta_at: null });
});

test('When an admin cancels an order, Then its line ends with the cancellation', async () => {
  const dealerId = await newDealer();
  const orderId = await confirmed(dealerId);
  expect(
    (await orders.http().put(`/api/admin/update-order/${orderId}`).set(admin).send({ status: 'cancelled' })).status,
  ).toBe(200);
  const cancelled = await timeline(orderId, dealerToken(dealerId));
  expect(line(cancelled)).toEqual(['placed:done', 'confirmed:done', 'cancelled:done']);
  expect(step(cancelled, 'cancelled')?.at).toEqual(expect.any(String));
});

test('When someone other than its dealer or an admin asks, Then another dealer gets 404, delivery 403 and no token 401', async () => {
  const dealerId = await newDealer();
  const otherDealer = await newDealer();
  const orderId = await submitted(dealerId);
  const path = `/api/dealer/order-timeline/${orderId}`;

  const other = await orders.http().get(path).set(dealerToken(otherDealer));
  expect(other.status).toBe(404);
  expect(other.body.detail).toBe('Error: Order not found');
  expect(
    (
      await orders
        .http()
        .get(path)
        .set(bearer(orders.tokenFor({ role: 'delivery' })))
    ).status,
  ).toBe(403);
  expect((await orders.http().get(path)).status).toBe(401);
  expect((await orders.http().get(`/api/dealer/order-timeline/${randomUUID()}`).set(admin)).status).toBe(404);
});
