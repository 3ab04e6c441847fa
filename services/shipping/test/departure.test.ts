import { type Auth, type DriverPortal, type Json, startDriverPortal } from './support/drivers';

/**
 * A route leaves when its first order is marked shipped (or delivered): shipping records departed_at and emits
 * shipment.departed once, with every stop's orders and its ETA (departure plus the stop's minutes on the route),
 * and the driver. Later marks emit no second departure.
 */

let p: DriverPortal;
let dana: Auth;
const DANA = { email: 'dana.driver@example.com', full_name: 'Dana Driver', role: 'delivery' as const };

beforeAll(async () => {
  p = await startDriverPortal('shipping_departure');
  await p.newStaffUser(DANA);
  dana = p.tokenOf('delivery', DANA.email, DANA.full_name);
  // a start point, so every stop with coordinates has an ETA from it
  await p
    .shipping()
    .put('/api/admin/shipping-settings')
    .set(p.admin)
    .send({
      start_label: 'Warehouse',
      start_coordinates: { lat: 30.2, lng: -97.7 },
      average_speed_mph: 40,
      service_minutes: 20,
    })
    .expect(200);
});
afterAll(() => p?.stop());

const departures = (shipmentId: string) =>
  p.events.filter((event) => event.type === 'shipment.departed' && event.payload.shipment_id === shipmentId);

const mark = (shipmentId: string, orderId: string, status: 'shipped' | 'delivered') =>
  p
    .shipping()
    .post(`/api/admin/shipment/${shipmentId}/update-order-status`)
    .set(dana)
    .send({ order_id: orderId, status })
    .expect(200);

async function newRoute(stops: { lat?: number; lng?: number; orders: number }[]): Promise<Json> {
  const orderIds: string[] = [];
  for (const stop of stops) {
    const dealerId = await p.newDealer(stop);
    for (let i = 0; i < stop.orders; i++) orderIds.push(await p.newOrder(dealerId));
  }
  const res = await p
    .shipping()
    .post('/api/admin/create-shipment')
    .set(p.admin)
    .send({ order_ids: orderIds, shipment_name: 'Morning run', driver_email: DANA.email })
    .expect(200);
  return res.body.shipment;
}

describe('a route leaves', () => {
  test('When the first order is marked shipped, Then departed_at is set and shipment.departed carries every stop, its orders, its ETA and the driver; later marks emit nothing more', async () => {
    const shipment = await newRoute([
      { lat: 30.3, lng: -97.7, orders: 2 },
      { lat: 30.5, lng: -97.6, orders: 1 },
      { orders: 1 }, // no coordinates: no ETA
    ]);
    expect(shipment.departed_at).toBeNull();
    const before = Date.now();
    const first = await mark(shipment.shipment_id, shipment.route[0].order_ids[0], 'shipped');
    const departedAt: string = first.body.shipment.departed_at;
    expect(Date.parse(departedAt)).toBeGreaterThanOrEqual(before - 1000);

    await p.settled();
    const [departed, ...more] = departures(shipment.shipment_id);
    if (!departed) throw new Error('no shipment.departed was emitted');
    expect(more).toHaveLength(0);
    expect(departed.payload).toEqual({
      shipment_id: shipment.shipment_id,
      shipment_name: 'Morning run',
      departed_at: departedAt,
      driver: { email: DANA.email, full_name: DANA.full_name },
      stops: (shipment.route as Json[]).map((stop) => ({
        dealer_id: stop.dealer_id,
        stop_number: stop.stop_number,
        order_ids: stop.order_ids,
        eta_at:
          stop.eta_minutes === null ? null : new Date(Date.parse(departedAt) + stop.eta_minutes * 60_000).toISOString(),
      })),
    });
    // the ETAs are real: the two stops with coordinates have one, after departure; the third has none
    const etas = (departed.payload.stops as Json[]).map((stop) => stop.eta_at as string | null);
    const known = etas.filter((eta): eta is string => eta !== null);
    expect([known.length, etas.length]).toEqual([2, 3]);
    for (const eta of known) expect(Date.parse(eta)).toBeGreaterThan(Date.parse(departedAt));

    // a second shipped mark and a delivery: no second departure, departed_at unchanged
    await mark(shipment.shipment_id, shipment.route[0].order_ids[1], 'shipped');
    await mark(shipment.shipment_id, shipment.route[1].order_ids[0], 'delivered');
    await p.settled();
    expect(departures(shipment.shipment_id)).toHaveLength(1);
    const read = await p.shipping().get(`/api/admin/shipment/${shipment.shipment_id}`).set(p.admin).expect(200);
    expect(read.body.shipment.departed_at).toBe(departedAt);
  });

  test('When the first mark is a delivery, Then the route leaves with it', async () => {
    const shipment = await newRoute([{ lat: 30.25, lng: -97.75, orders: 1 }]);
    const res = await mark(shipment.shipment_id, shipment.orders[0].order_id, 'delivered');
    expect(res.body.shipment.departed_at).not.toBeNull();
    await p.settled();
    expect(departures(shipment.shipment_id)).toHaveLength(1);
  });

  test('When no order is marked, Then the route has not left and nothing is emitted', async () => {
    const shipment = await newRoute([{ lat: 30.26, lng: -97.76, orders: 1 }]);
    await p.settled();
    expect(departures(shipment.shipment_id)).toHaveLength(0);
    const summaries = await p.shipping().get('/api/admin/shipment-summaries').set(dana).expect(200);
    const card = (summaries.body.shipments as Json[]).find((one) => one.shipment_id === shipment.shipment_id);
    expect(card?.departed_at).toBeNull();
  });
});
