import { randomUUID } from 'node:crypto';
import { OrderUpdated } from '@portal/contracts';
import { dealersGeocoded } from '../src/events/dealers';
import { eventually, startShipping, type TestShipping } from './support/shipping';

let t: TestShipping;
beforeAll(async () => {
  t = await startShipping('shipping_api');
});
afterAll(() => t?.stop());

const api = () => t.api();
// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely in assertions
type Json = Record<string, any>;

const readyIds = async (auth = t.admin) => {
  const res = await api().get('/api/admin/ready-to-ship-orders').set(auth);
  expect(res.status).toBe(200);
  return (res.body.orders as Json[]).map((order) => order.order_id as string);
};
const createShipment = (body: object, auth = t.admin) => api().post('/api/admin/create-shipment').set(auth).send(body);
const shipmentById = async (id: string, auth = t.admin): Promise<Json> => {
  const res = await api().get('/api/admin/shipments').set(auth);
  expect(res.status).toBe(200);
  return (res.body.shipments as Json[]).find((shipment) => shipment.shipment_id === id) as Json;
};
const setStatus = (shipmentId: string, orderId: string, status: string, auth = t.delivery) =>
  api().post(`/api/admin/shipment/${shipmentId}/update-order-status`).set(auth).send({ order_id: orderId, status });

/** Two dealers (Kansas City near the map centre, Miami far), three confirmed orders, shipped together. */
async function shipmentOfThree(auth = t.admin) {
  const miami = await t.newDealer({ business_name: 'Gulf Blinds', city: 'Miami', lat: 25.7617, lng: -80.1918 });
  const kc = await t.newDealer({ business_name: 'Prairie Blinds', city: 'Kansas City', lat: 39.0997, lng: -94.5786 });
  const orders = [await t.newOrder(miami), await t.newOrder(kc), await t.newOrder(miami)];
  const res = await createShipment({ order_ids: orders, shipment_name: 'Spring run' }, auth);
  expect(res.status).toBe(200);
  return { miami, kc, orders, shipmentId: res.body.shipment_id as string, body: res.body as Json };
}

describe('GET /api/admin/ready-to-ship-orders', () => {
  test('When orders are confirmed and in no shipment, Then they are listed with the dealer fields of 001 §3; others are not', async () => {
    const dealerId = await t.newDealer({ business_name: 'Timber Blinds', city: 'Waco' });
    const confirmed = await t.newOrder(dealerId, { total_cents: 123456 });
    const pending = await t.newOrder(dealerId, { status: 'pending' });

    const res = await api().get('/api/admin/ready-to-ship-orders').set(t.admin);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const orders = res.body.orders as Json[];
    expect(orders.map((order) => order.order_id)).not.toContain(pending);
    expect(orders.find((order) => order.order_id === confirmed)).toEqual({
      order_id: confirmed,
      order_number: confirmed.slice(-8).toUpperCase(),
      created_at: expect.any(String),
      formatted_date: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
      status: 'confirmed',
      dealer_id: dealerId,
      dealer_business_name: 'Timber Blinds',
      dealer_full_name: 'Pat Dealer',
      dealer_city: 'Waco',
      dealer_state: 'TX',
      dealer_address: '100 Main St',
      dealer_zip_code: '78701',
      dealer_email: `${dealerId.toLowerCase()}@example.com`,
      dealer_phone: '555-0100',
      product_details: [{ title: 'Hub Blind', description: null, quantity: 2, price: 249.99 }],
      total_value: 1234.56,
      notes: 'Leave at the back door',
      delivery: null,
    });
  });

  test('When the order service confirms a pending order, Then it becomes ready; a late older event changes nothing', async () => {
    const dealerId = await t.newDealer();
    const orderId = await t.newOrder(dealerId, { status: 'pending' });
    await t.updateOrder(orderId, dealerId, 'confirmed', 'pending');
    expect(await readyIds()).toContain(orderId);

    // an order.updated that happened an hour ago arrives now: older than what shipping keeps
    await t.transport.publish(
      {
        id: randomUUID(),
        type: OrderUpdated.type,
        version: 1,
        occurredAt: new Date(Date.now() - 3600_000).toISOString(),
        producer: 'order',
        aggregateId: orderId,
        payload: {
          order_id: orderId,
          dealer_id: dealerId,
          status: 'pending',
          previous_status: 'pending',
          payment_status: 'unpaid',
          total_cents: 1,
          paid_cents: 0,
          items: [],
          notes: null,
        },
      },
      {},
    );
    await t.settled();
    expect(await readyIds()).toContain(orderId);
  });

  test('When a delivery user asks, Then it is answered; a dealer is refused (403) and no token is 401', async () => {
    await readyIds(t.delivery);
    expect((await api().get('/api/admin/ready-to-ship-orders').set(t.dealer)).status).toBe(403);
    expect((await api().get('/api/admin/ready-to-ship-orders')).status).toBe(401);
  });
});

describe('POST /api/admin/create-shipment', () => {
  test('When no orders are selected, Then it answers 400 with the spec message', async () => {
    for (const body of [{ order_ids: [] }, {}, { order_ids: 'x' }]) {
      const res = await createShipment(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Please select orders to create a shipment');
    }
  });

  test('When ready orders are selected, Then the shipment is created with the spec message, the orders are in_shipment and shipment.created is sent', async () => {
    const { orders, shipmentId, body, miami, kc } = await shipmentOfThree();
    expect(body.message).toBe('Shipment created successfully with 3 orders');
    expect(body.shipment).toMatchObject({
      shipment_id: shipmentId,
      shipment_name: 'Spring run',
      total_orders: 3,
      status: 'READY',
      route_mode: 'original',
      delivery_stats: { total_stops: 2, delivered_orders: 0, shipped_orders: 0 },
    });
    // one stop per dealer, its orders grouped, in the order the orders were selected
    expect(body.shipment.route).toEqual([
      expect.objectContaining({
        dealer_id: miami,
        business_name: 'Gulf Blinds',
        full_address: '100 Main St, Miami, TX 78701',
        coordinates: { lat: 25.7617, lng: -80.1918 },
        order_ids: [orders[0], orders[2]],
        stop_number: 1,
        phone: '555-0100',
        locked: false,
      }),
      expect.objectContaining({ dealer_id: kc, order_ids: [orders[1]], stop_number: 2 }),
    ]);
    expect((body.shipment.orders as Json[]).map((order) => [order.order_id, order.status])).toEqual(
      orders.map((id) => [id, 'in_shipment']),
    );
    expect(body.shipment.route_links).toEqual([
      'https://www.google.com/maps/dir/?api=1&destination=39.0997%2C-94.5786&waypoints=25.7617%2C-80.1918&travelmode=driving',
    ]);
    const ready = await readyIds();
    for (const id of orders) expect(ready).not.toContain(id);
    await eventually(() =>
      expect(t.events.find((event) => event.aggregateId === shipmentId)).toMatchObject({
        type: 'shipment.created',
        producer: 'shipping',
        payload: { shipment_id: shipmentId, order_ids: orders },
      }),
    );
  });

  test('When an order is not ready (pending, unknown or already shipped), Then it is refused with 409 naming it and nothing is created', async () => {
    const dealerId = await t.newDealer();
    const ready = await t.newOrder(dealerId);
    const pending = await t.newOrder(dealerId, { status: 'pending' });
    const unknown = randomUUID();
    const before = (await api().get('/api/admin/shipments').set(t.admin)).body.shipments.length;

    const res = await createShipment({ order_ids: [ready, pending, unknown] });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(
      `Error: Only confirmed orders that are in no shipment can be shipped; not ready: ${pending.slice(-8).toUpperCase()}, ${unknown.slice(-8).toUpperCase()}`,
    );
    expect((await api().get('/api/admin/shipments').set(t.admin)).body.shipments).toHaveLength(before);
    expect(await readyIds()).toContain(ready);

    const first = await createShipment({ order_ids: [ready, ready] });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Shipment created successfully with 1 order');
    const again = await createShipment({ order_ids: [ready] });
    expect(again.status).toBe(409);
  });

  test('When two shipments race for the same order, Then exactly one gets it', async () => {
    const dealerId = await t.newDealer();
    const orderId = await t.newOrder(dealerId);
    const answers = await Promise.all([
      createShipment({ order_ids: [orderId] }),
      createShipment({ order_ids: [orderId] }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
  });

  test('When no name is given, Then the shipment is named after its time; a delivery user may create; a dealer may not', async () => {
    const dealerId = await t.newDealer();
    const orderId = await t.newOrder(dealerId);
    expect((await createShipment({ order_ids: [orderId] }, t.dealer)).status).toBe(403);
    const res = await createShipment({ order_ids: [orderId] }, t.delivery);
    expect(res.status).toBe(200);
    // in the system timezone (Chicago until identity announces another)
    expect(res.body.shipment.shipment_name).toMatch(/^Shipment [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} C[SD]T$/);
  });
});

describe('GET /api/admin/shipments', () => {
  test('When shipments exist, Then they are listed newest first for admin and delivery; a dealer is refused', async () => {
    const older = await shipmentOfThree();
    const newer = await shipmentOfThree();
    const res = await api().get('/api/admin/shipments').set(t.delivery);
    expect(res.status).toBe(200);
    const ids = (res.body.shipments as Json[]).map((shipment) => shipment.shipment_id);
    expect(ids.indexOf(newer.shipmentId)).toBeLessThan(ids.indexOf(older.shipmentId));
    expect((await api().get('/api/admin/shipments').set(t.dealer)).status).toBe(403);
  });

  test('When a dealer is geocoded after the shipment was made, Then its stop shows the new coordinates', async () => {
    const dealerId = await t.newDealer({ city: 'Waco' });
    const orderId = await t.newOrder(dealerId);
    const { body } = await createShipment({ order_ids: [orderId] });
    expect(body.shipment.route[0].coordinates).toBeNull();
    expect(body.shipment.route_links[0]).toContain('destination=100%20Main%20St%2C%20Waco%2C%20TX%2078701');
    await t.deliver(
      (await import('@portal/contracts')).DealerGeocoded,
      dealerId,
      { dealer_id: dealerId, lat: 31.5493, lng: -97.1467, status: 'ok', error: null },
      { producer: 'geocoding' },
    );
    expect((await shipmentById(body.shipment_id)).route[0].coordinates).toEqual({ lat: 31.5493, lng: -97.1467 });
  });
});

describe('dealer.geocoded in batches', () => {
  test('When a bulk repair announces many coordinates at once, Then each dealer keeps its newest, whatever order they arrive in', async () => {
    const first = await t.newDealer({ city: 'Austin', lat: 30.1, lng: -97.1 });
    const second = await t.newDealer({ city: 'Dallas' });
    const at = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();
    const envelope = (dealerId: string, lat: number | null, lng: number | null, occurredAt: string) => ({
      id: `${dealerId}-${occurredAt}`,
      type: 'dealer.geocoded' as const,
      version: 1,
      occurredAt,
      producer: 'geocoding' as const,
      aggregateId: dealerId,
      payload: { dealer_id: dealerId, lat, lng, status: 'ok' as const, error: null },
    });

    await t.shipping.service.ctx.db.transaction((manager) =>
      dealersGeocoded(
        [
          envelope(first, 30.3, -97.7, at(20)),
          envelope(first, 30.2, -97.5, at(10)), // older: arrives later, changes nothing
          envelope(second, 32.8, -96.8, at(10)),
        ],
        { ...t.shipping.service.ctx, manager, emit: async () => {} } as never,
      ),
    );

    const coordinates = async (dealerId: string) =>
      (await t.shipping.service.ctx.db.query('SELECT lat, lng FROM known_dealers WHERE dealer_id = $1', [dealerId]))[0];
    expect(await coordinates(first)).toEqual({ lat: 30.3, lng: -97.7 });
    expect(await coordinates(second)).toEqual({ lat: 32.8, lng: -96.8 });
  });
});

describe('POST /api/admin/shipment/{id}/update-order-status', () => {
  test('When delivery marks orders shipped then delivered, Then the spec rules hold and the shipment goes READY → IN PROGRESS → COMPLETED', async () => {
    const { shipmentId, orders } = await shipmentOfThree();
    const [a, b, c] = orders as [string, string, string];

    let res = await setStatus(shipmentId, a, 'shipped');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, order_id: a, status: 'shipped', shipment_status: 'READY' });
    expect(res.body.shipment.delivery_stats).toEqual({ total_stops: 2, delivered_orders: 0, shipped_orders: 1 });

    res = await setStatus(shipmentId, a, 'shipped');
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Error: An order cannot go from shipped to shipped');

    res = await setStatus(shipmentId, a, 'delivered');
    expect(res.body.shipment_status).toBe('IN PROGRESS');
    res = await setStatus(shipmentId, b, 'delivered', t.admin); // in_shipment straight to delivered
    expect(res.status).toBe(200);
    res = await setStatus(shipmentId, c, 'delivered');
    expect(res.body.shipment_status).toBe('COMPLETED');
    expect(res.body.shipment.delivery_stats).toEqual({ total_stops: 2, delivered_orders: 3, shipped_orders: 0 });
    expect((await shipmentById(shipmentId)).status).toBe('COMPLETED');

    for (const status of ['delivered', 'shipped']) {
      res = await setStatus(shipmentId, a, status);
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe('Error: This order is already delivered; delivered is final');
    }
    await eventually(() =>
      expect(
        t.events
          .filter((event) => event.type === 'shipment.order_status_changed' && event.payload.shipment_id === shipmentId)
          .map((event) => [event.payload.order_id, event.payload.status]),
      ).toEqual([
        [a, 'shipped'],
        [a, 'delivered'],
        [b, 'delivered'],
        [c, 'delivered'],
      ]),
    );
  });

  test('When the status is not shipped or delivered, the shipment is unknown or the order not in it, Then a clear 4xx', async () => {
    const { shipmentId, orders } = await shipmentOfThree();
    let res = await setStatus(shipmentId, orders[0] as string, 'cancelled');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Error: Status must be shipped or delivered');
    res = await setStatus(randomUUID(), orders[0] as string, 'shipped');
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Error: Shipment not found');
    res = await setStatus(shipmentId, randomUUID(), 'shipped');
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Error: This order is not in this shipment');
    expect((await setStatus(shipmentId, orders[0] as string, 'shipped', t.dealer)).status).toBe(403);
  });

  test('When the order service announces the order back to confirmed, Then it leaves the shipment and is ready again', async () => {
    const { shipmentId, orders, miami } = await shipmentOfThree();
    await t.updateOrder(orders[0] as string, miami, 'in_shipment', 'confirmed');
    await t.updateOrder(orders[0] as string, miami, 'confirmed', 'in_shipment');
    expect(await readyIds()).toContain(orders[0]);
    const shipment = await shipmentById(shipmentId);
    expect(shipment.total_orders).toBe(2);
    expect((shipment.route as Json[]).find((stop) => stop.dealer_id === miami)?.order_ids).toEqual([orders[2]]);
  });

  test('When the same order.updated is delivered twice, Then it is applied once', async () => {
    const dealerId = await t.newDealer();
    const orderId = await t.newOrder(dealerId);
    const { body } = await createShipment({ order_ids: [orderId] });
    // stamped by the order service's clock, a minute ahead: after the next shipment the order's time is still
    // this event's, so only the processed-event record keeps the redelivery from taking the order out again
    const envelope = {
      id: randomUUID(),
      type: OrderUpdated.type,
      version: 1,
      occurredAt: new Date(Date.now() + 60_000).toISOString(),
      producer: 'order' as const,
      aggregateId: orderId,
      payload: {
        order_id: orderId,
        dealer_id: dealerId,
        status: 'confirmed' as const,
        previous_status: 'in_shipment' as const,
        payment_status: 'unpaid' as const,
        total_cents: 49998,
        paid_cents: 0,
        items: [],
        notes: null,
      },
    };
    await t.transport.publish(envelope, {});
    await eventually(async () => expect(await readyIds()).toContain(orderId));
    // it is shipped again, then the old event is redelivered: the processed event changes nothing
    const again = await createShipment({ order_ids: [orderId] });
    expect(again.status).toBe(200);
    await t.transport.publish(envelope, {});
    await t.settled();
    expect(await readyIds()).not.toContain(orderId);
    expect((await shipmentById(again.body.shipment_id)).total_orders).toBe(1);
    expect(await shipmentById(body.shipment_id)).toBeUndefined(); // the emptied shipment went
  });
});

describe('routes (order modes, moves, locks, Optimise, sheet, settings)', () => {
  const route = (shipment: Json) => (shipment.route as Json[]).map((stop) => stop.dealer_id);
  const post = (shipmentId: string, action: string, body: object = {}, auth = t.delivery) =>
    api().post(`/api/admin/shipment/${shipmentId}/${action}`).set(auth).send(body);

  test('When the mode changes, Then the stops are reordered closest first / last and back; the mode is kept', async () => {
    const { shipmentId, miami, kc } = await shipmentOfThree();
    let res = await post(shipmentId, 'route-mode', { mode: 'closest_first' });
    expect(res.status).toBe(200);
    expect(route(res.body.shipment)).toEqual([kc, miami]);
    expect(res.body.shipment.route_mode).toBe('closest_first');
    expect((await shipmentById(shipmentId)).route_mode).toBe('closest_first');
    res = await post(shipmentId, 'route-mode', { mode: 'closest_last' });
    expect(route(res.body.shipment)).toEqual([miami, kc]);
    res = await post(shipmentId, 'route-mode', { mode: 'original' });
    expect(route(res.body.shipment)).toEqual([miami, kc]);
    res = await post(shipmentId, 'route-mode', { mode: 'sideways' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Error: Route order must be original, closest_first, closest_last or manual');
  });

  test('When a stop moves up or down, Then the route becomes manual; moving past the ends is refused', async () => {
    const { shipmentId, miami, kc } = await shipmentOfThree();
    let res = await post(shipmentId, 'move-stop', { dealer_id: kc, direction: 'up' });
    expect(res.status).toBe(200);
    expect(res.body.shipment.route_mode).toBe('manual');
    expect(route(res.body.shipment)).toEqual([kc, miami]);
    expect(route(await shipmentById(shipmentId))).toEqual([kc, miami]);
    res = await post(shipmentId, 'move-stop', { dealer_id: kc, direction: 'up' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Error: The first stop cannot move up');
    res = await post(shipmentId, 'move-stop', { dealer_id: kc, direction: 'down' }, t.admin);
    expect(route(res.body.shipment)).toEqual([miami, kc]);
    res = await post(shipmentId, 'move-stop', { dealer_id: 'NOPE', direction: 'down' });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Error: This dealer is not a stop of this route');
    expect((await post(shipmentId, 'move-stop', { dealer_id: kc, direction: 'up' }, t.dealer)).status).toBe(403);
  });

  test('When the shipment is COMPLETED, Then its route no longer changes (409) and stays as it was', async () => {
    const { shipmentId, orders, miami, kc } = await shipmentOfThree();
    for (const orderId of orders) expect((await setStatus(shipmentId, orderId, 'delivered')).status).toBe(200);
    const completed = await shipmentById(shipmentId);
    expect(completed.status).toBe('COMPLETED');
    const detail = 'Error: This shipment is completed; its route can no longer change';
    for (const [action, body] of [
      ['route-mode', { mode: 'closest_first' }],
      ['move-stop', { dealer_id: kc, direction: 'up' }],
      ['lock-stop', { dealer_id: miami, locked: true }],
      ['optimize-route', {}],
    ] as const) {
      const res = await post(shipmentId, action, body, t.admin);
      expect({ action, status: res.status, detail: res.body.detail }).toEqual({ action, status: 409, detail });
    }
    const after = await shipmentById(shipmentId);
    expect(after.route_mode).toBe('original');
    expect(route(after)).toEqual([miami, kc]);
    expect((after.route as Json[]).every((stop) => !stop.locked)).toBe(true);
  });

  test('When the route is optimised, Then it gets shorter from the start point and a locked stop stays in place', async () => {
    // Texas, selected in a zig-zag: Dallas, Houston, Waco, San Antonio, Austin
    const places: [string, number, number][] = [
      ['Dallas', 32.7767, -96.797],
      ['Houston', 29.7604, -95.3698],
      ['Waco', 31.5493, -97.1467],
      ['San Antonio', 29.4241, -98.4936],
      ['Austin', 30.2672, -97.7431],
    ];
    const dealers = [];
    for (const [city, lat, lng] of places) dealers.push(await t.newDealer({ city, lat, lng }));
    const orders = [];
    for (const dealerId of dealers) orders.push(await t.newOrder(dealerId));
    const created = await createShipment({ order_ids: orders });
    const shipmentId = created.body.shipment_id as string;
    const before = created.body.shipment.total_miles as number;

    const saved = await api()
      .put('/api/admin/shipping-settings')
      .set(t.admin)
      .send({
        start_label: 'Depot, Dallas',
        start_coordinates: { lat: 32.7767, lng: -96.797 },
        average_speed_mph: 50,
        service_minutes: 20,
      });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Shipping settings saved successfully!');
    expect((await api().put('/api/admin/shipping-settings').set(t.delivery).send(saved.body.settings)).status).toBe(
      403,
    );
    const bad = await api()
      .put('/api/admin/shipping-settings')
      .set(t.admin)
      .send({ average_speed_mph: 0, service_minutes: 5 });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('Error: Average speed must be between 1 and 100 mph');
    const settings = await api().get('/api/admin/shipping-settings').set(t.delivery);
    expect(settings.body.settings).toEqual({
      start_label: 'Depot, Dallas',
      start_coordinates: { lat: 32.7767, lng: -96.797 },
      average_speed_mph: 50,
      service_minutes: 20,
      proof_signature_required: true,
      proof_photo_required: false,
    });

    const lock = await post(shipmentId, 'lock-stop', { dealer_id: dealers[1], locked: true });
    expect(lock.status).toBe(200);
    expect(lock.body.shipment.route[1]).toMatchObject({ dealer_id: dealers[1], locked: true });
    const optimised = await post(shipmentId, 'optimize-route');
    expect(optimised.status).toBe(200);
    const shipment = optimised.body.shipment;
    expect(shipment.route_mode).toBe('optimized');
    expect(route(shipment)[1]).toBe(dealers[1]); // Houston stays second
    expect(route(shipment)[0]).toBe(dealers[0]); // Dallas first: the depot is there
    expect(shipment.route[0]).toMatchObject({ leg_miles: 0, eta_minutes: 0 });
    expect(shipment.total_miles).toBeLessThan(before + 0.1);
    expect(shipment.route[4].eta_minutes).toBeGreaterThan(4 * 20);

    const unlocked = await post(shipmentId, 'lock-stop', { dealer_id: dealers[1], locked: false });
    expect(unlocked.body.shipment.route.every((stop: Json) => !stop.locked)).toBe(true);
    const free = await post(shipmentId, 'optimize-route');
    expect(free.body.shipment.total_miles).toBeLessThanOrEqual(shipment.total_miles);
    // back to the default start for the other tests
    await api().put('/api/admin/shipping-settings').set(t.admin).send({ average_speed_mph: 45, service_minutes: 15 });
  });

  test('When the route sheet is asked for, Then it is printable HTML with the stops, orders and a signature line', async () => {
    const { shipmentId, orders } = await shipmentOfThree();
    const res = await api().get(`/api/admin/shipment/${shipmentId}/route-sheet`).set(t.delivery);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain('Spring run');
    expect(res.text).toContain('1. Gulf Blinds');
    expect(res.text).toContain('2. Prairie Blinds');
    expect(res.text).toContain(`Order ${(orders[0] as string).slice(-8).toUpperCase()}`);
    expect(res.text).toContain('Received by:');
    expect((await api().get(`/api/admin/shipment/${randomUUID()}/route-sheet`).set(t.admin)).status).toBe(404);
    expect((await api().get(`/api/admin/shipment/${shipmentId}/route-sheet`).set(t.dealer)).status).toBe(403);
  });
});
