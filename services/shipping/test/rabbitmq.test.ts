/**
 * Shipping over the real RabbitMQ (as in the distributed system): the dealer, geocoding and order events reach it
 * through the broker, its shipment.* events leave through it, and an event the broker hands over twice (at-least-
 * once delivery) is applied once. The endpoints' every message and role are covered in shipping.test.ts, on the
 * in-process bus the one-machine portal uses; the consumers and the outbox are the same code on both.
 */
import { randomUUID } from 'node:crypto';
import { type EventEnvelope, OrderUpdated } from '@portal/contracts';
import { eventually, startShipping, type TestShipping } from './support/shipping';

let t: TestShipping;
beforeAll(async () => {
  t = await startShipping('shipping_rabbit', { rabbit: true });
});
afterAll(() => t?.stop());

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely in assertions
type Json = Record<string, any>;

const readyIds = async () => {
  const res = await t.api().get('/api/admin/ready-to-ship-orders').set(t.delivery);
  expect(res.status).toBe(200);
  return (res.body.orders as Json[]).map((order) => order.order_id as string);
};
const shipmentById = async (id: string): Promise<Json | undefined> => {
  const res = await t.api().get('/api/admin/shipments').set(t.admin);
  expect(res.status).toBe(200);
  return (res.body.shipments as Json[]).find((shipment) => shipment.shipment_id === id);
};
const processedCount = async (eventId: string) =>
  (
    (await t.shipping.service.ctx.db.query('SELECT count(*)::int AS n FROM processed_events WHERE event_id = $1', [
      eventId,
    ])) as { n: number }[]
  )[0]?.n;

/**
 * order.updated as the order service announces a status change (one envelope, to publish more than once), stamped
 * by a clock `aheadMs` ahead of this one.
 */
function orderUpdated(orderId: string, dealerId: string, status: 'confirmed', previous: string, aheadMs = 0) {
  return {
    id: randomUUID(),
    type: OrderUpdated.type,
    version: OrderUpdated.version,
    occurredAt: new Date(Date.now() + aheadMs).toISOString(),
    producer: 'order' as const,
    aggregateId: orderId,
    payload: {
      order_id: orderId,
      dealer_id: dealerId,
      status,
      previous_status: previous,
      payment_status: 'unpaid',
      total_cents: 49998,
      paid_cents: 0,
      items: [],
      notes: null,
    },
  } as EventEnvelope;
}

describe('shipping over RabbitMQ', () => {
  test('When dealers and orders arrive through the broker, Then a shipment is made and its events leave through it', async () => {
    const kc = await t.newDealer({ business_name: 'Prairie Blinds', city: 'Kansas City', lat: 39.0997, lng: -94.5786 });
    const miami = await t.newDealer({ business_name: 'Gulf Blinds', city: 'Miami', lat: 25.7617, lng: -80.1918 });
    const orders = [await t.newOrder(miami), await t.newOrder(kc)];
    expect(await readyIds()).toEqual(expect.arrayContaining(orders));

    const created = await t.api().post('/api/admin/create-shipment').set(t.delivery).send({ order_ids: orders });
    expect(created.status).toBe(200);
    expect(created.body.message).toBe('Shipment created successfully with 2 orders');
    const shipmentId = created.body.shipment_id as string;
    expect((created.body.shipment.route as Json[]).map((stop) => stop.dealer_id)).toEqual([miami, kc]);
    expect(created.body.shipment.route[0].coordinates).toEqual({ lat: 25.7617, lng: -80.1918 });
    await eventually(() =>
      expect(t.events.find((e) => e.type === 'shipment.created')?.payload).toEqual({
        shipment_id: shipmentId,
        order_ids: orders,
      }),
    );

    const marked = await t
      .api()
      .post(`/api/admin/shipment/${shipmentId}/update-order-status`)
      .set(t.delivery)
      .send({ order_id: orders[1], status: 'delivered' });
    expect(marked.status).toBe(200);
    expect(marked.body.shipment_status).toBe('IN PROGRESS');
    await eventually(() =>
      expect(t.events.find((e) => e.type === 'shipment.order_status_changed')?.payload).toEqual({
        shipment_id: shipmentId,
        order_id: orders[1],
        status: 'delivered',
      }),
    );
    // the order service's word comes back through the broker and confirms it
    await t.updateOrder(orders[1] as string, kc, 'delivered', 'in_shipment');
    expect((await shipmentById(shipmentId))?.delivery_stats.delivered_orders).toBe(1);
  });

  test('When the broker delivers the same order.updated twice, Then it is applied once and changes nothing the second time', async () => {
    const dealerId = await t.newDealer();
    const orderId = await t.newOrder(dealerId);
    const first = await t
      .api()
      .post('/api/admin/create-shipment')
      .set(t.admin)
      .send({ order_ids: [orderId] });
    expect(first.status).toBe(200);

    // the order service (its clock a minute ahead of shipping's) moved the order back to confirmed: it leaves its
    // shipment, which goes, and is ready again. Being the newest state shipping knows, the event's time is also the
    // order's time after the next shipment, so only the processed-event record keeps a redelivery from applying.
    const movedBack = orderUpdated(orderId, dealerId, 'confirmed', 'in_shipment', 60_000);
    await t.transport.publish(movedBack, {});
    await eventually(async () => expect(await readyIds()).toContain(orderId));
    expect(await shipmentById(first.body.shipment_id)).toBeUndefined();

    // shipped again, then the broker hands the old event over once more (a redelivery)
    const second = await t
      .api()
      .post('/api/admin/create-shipment')
      .set(t.admin)
      .send({ order_ids: [orderId] });
    expect(second.status).toBe(200);
    await t.transport.publish(movedBack, {});
    // an event published after it, through the same queue, is applied: the redelivery has been handled by then
    const later = await t.newDealer({ business_name: 'Later Blinds' });
    expect(later).toBeTruthy();
    // a fixed wait: the consumer handles up to its prefetch at once, so the later event may finish first, and
    // RabbitMQ counts no unacknowledged delivery; a redelivery handled leaves nothing else to wait for
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(await processedCount(movedBack.id)).toBe(1);
    expect(await readyIds()).not.toContain(orderId);
    const shipment = await shipmentById(second.body.shipment_id);
    expect(shipment?.total_orders).toBe(1);
    expect(shipment?.orders[0].status).toBe('in_shipment');
  });
});
