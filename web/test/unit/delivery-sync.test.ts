import type { RouteStop, Shipment, ShippingOrder } from '@portal/contracts';
import {
  canUndo,
  conflictMessage,
  conflictsFor,
  mayWorkRoute,
  nextToSend,
  pendingFor,
  type QueuedAction,
  type QueuedProof,
  retryDelayMs,
  sendOutcome,
  shipmentWithPending,
  summaryOf,
  undoPlan,
} from '../../src/features/delivery-sync/deliveryQueue';
import {
  clearSavedRoutes,
  readSavedRoutes,
  type SavedRoutes,
  userKey,
  withShipment,
  writeSavedRoutes,
} from '../../src/features/delivery-sync/savedRoutes';
import { memoryStorage } from './memoryStorage';

function shippingOrder(id: string, fields: Partial<ShippingOrder> = {}): ShippingOrder {
  return {
    order_id: id,
    order_number: id.toUpperCase(),
    created_at: '2026-03-04T14:30:00.000Z',
    formatted_date: 'Mar 4, 2026',
    status: 'in_shipment',
    dealer_id: 'd1',
    dealer_business_name: 'Timber Ridge Outdoors',
    dealer_full_name: 'Jordan Ridge',
    dealer_city: 'Missoula',
    dealer_state: 'MT',
    dealer_address: '4 Pine Street',
    dealer_zip_code: '59801',
    dealer_email: 'jordan@timber.test',
    dealer_phone: '(406) 555-0199',
    product_details: [],
    total_value: 48.7,
    notes: null,
    delivery: null,
    ...fields,
  };
}

function stop(dealerId: string, stopNumber: number, orderIds: string[]): RouteStop {
  return {
    dealer_id: dealerId,
    business_name: `Dealer ${dealerId}`,
    full_address: `${stopNumber} Pine Street, Missoula, MT 59801`,
    coordinates: null,
    stop_number: stopNumber,
    phone: null,
    order_ids: orderIds,
    locked: false,
    leg_miles: null,
    eta_minutes: null,
  };
}

function shipment(orders: ShippingOrder[], route: RouteStop[]): Shipment {
  return {
    shipment_id: 's1',
    shipment_name: 'Montana run',
    created_at: '2026-03-04T14:30:00.000Z',
    total_orders: orders.length,
    delivery_stats: { total_stops: route.length, delivered_orders: 0, shipped_orders: 0 },
    status: 'READY',
    route_mode: 'original',
    total_miles: 0,
    driver: { email: 'driver@portal.test', full_name: 'Dee Driver' },
    departed_at: null,
    next_stop: route[0]
      ? { stop_number: 1, business_name: route[0].business_name, full_address: route[0].full_address }
      : null,
    route,
    orders,
    route_links: [],
  };
}

const proof: QueuedProof = {
  recipient_name: 'Pat Receiver',
  notes: null,
  latitude: null,
  longitude: null,
  captured_at: '2026-03-05T10:00:00.000Z',
  signature: new Blob(['png'], { type: 'image/png' }),
  photos: [],
};

let seq = 0;
function action(
  kind: QueuedAction['kind'],
  orderId: string,
  fields: Partial<Omit<QueuedAction, 'kind'>> = {},
): QueuedAction {
  seq += 1;
  const base = {
    key: `key-${seq}`,
    seq,
    user: 'driver@portal.test',
    shipment_id: 's1',
    order_id: orderId,
    order_number: orderId.toUpperCase(),
    queued_at: '2026-03-05T10:00:00.000Z',
    state: 'pending' as const,
    detail: null,
    attempts: 0,
    ...fields,
  };
  return kind === 'delivered' ? { ...base, kind, proof } : { ...base, kind };
}

describe('the queue is sent in order', () => {
  it('sends the oldest pending action first, whatever order they were read in', () => {
    const first = action('shipped', 'o1');
    const second = action('delivered', 'o1');
    const third = action('shipped', 'o2');
    expect(nextToSend([third, second, first])?.key).toBe(first.key);
  });

  it('a refused action does not hold back the ones after it', () => {
    const refused = action('delivered', 'o1', { state: 'conflict', detail: 'Error: Order was cancelled' });
    const next = action('shipped', 'o2');
    expect(nextToSend([next, refused])?.key).toBe(next.key);
    expect(nextToSend([refused])).toBeUndefined();
  });
});

describe('what an answer means', () => {
  it('2xx is done, 401 waits for sign-in, no answer / 5xx / 408 / 429 retry, other 4xx are conflicts', () => {
    expect(sendOutcome(200)).toBe('done');
    expect(sendOutcome(201)).toBe('done');
    expect(sendOutcome(401)).toBe('signin');
    expect(sendOutcome('FETCH_ERROR')).toBe('retry');
    expect(sendOutcome(500)).toBe('retry');
    expect(sendOutcome(503)).toBe('retry');
    expect(sendOutcome(408)).toBe('retry');
    expect(sendOutcome(429)).toBe('retry');
    expect(sendOutcome(409)).toBe('conflict');
    expect(sendOutcome(400)).toBe('conflict');
    expect(sendOutcome(403)).toBe('conflict');
    expect(sendOutcome(404)).toBe('conflict');
  });

  it('backs off by doubling, at most a minute', () => {
    expect(retryDelayMs(1)).toBe(2_000);
    expect(retryDelayMs(2)).toBe(4_000);
    expect(retryDelayMs(3)).toBe(8_000);
    expect(retryDelayMs(20)).toBe(60_000);
  });

  it("a conflict says which order, what was refused and the server's reason", () => {
    const refused = action('delivered', 'ab12cd34', {
      state: 'conflict',
      detail: 'Error: Order #AB12CD34 was cancelled',
    });
    expect(conflictMessage(refused)).toBe(
      'Order #AB12CD34 could not be marked delivered: Order #AB12CD34 was cancelled',
    );
    expect(conflictsFor([refused, action('shipped', 'ab12cd34')], 'ab12cd34').map((a) => a.key)).toEqual([refused.key]);
    expect(pendingFor([refused], 'ab12cd34')).toEqual([]);
  });
});

describe('undo', () => {
  it('takes back a delivery that is still waiting, keeping the shipped mark before it', () => {
    const shipped = action('shipped', 'o1');
    const delivered = action('delivered', 'o1');
    expect(undoPlan([shipped, delivered], 'o1')).toEqual({ kind: 'withdraw', keys: [delivered.key] });
  });

  it('is sent when the server already has the delivery', () => {
    expect(undoPlan([action('delivered', 'o2')], 'o1')).toEqual({ kind: 'send' });
    expect(undoPlan([action('delivered', 'o1', { state: 'conflict' })], 'o1')).toEqual({ kind: 'send' });
  });

  it('is offered within the window to the driver who delivered it and to admins only', () => {
    const delivery = {
      delivered_at: '2026-03-05T10:00:00.000Z',
      recipient_name: 'Pat',
      delivered_by: 'Driver@Portal.test',
      has_signature: true,
      photo_count: 0,
      undo_until: '2026-03-05T10:10:00.000Z',
    };
    const during = Date.parse('2026-03-05T10:09:00.000Z');
    const after = Date.parse('2026-03-05T10:10:00.000Z');
    expect(canUndo(delivery, { email: 'driver@portal.test', role: 'delivery' }, during)).toBe(true);
    expect(canUndo(delivery, { email: 'other@portal.test', role: 'delivery' }, during)).toBe(false);
    expect(canUndo(delivery, { email: 'boss@portal.test', role: 'admin' }, during)).toBe(true);
    expect(canUndo(delivery, { email: 'driver@portal.test', role: 'delivery' }, after)).toBe(false);
    expect(canUndo({ ...delivery, undo_until: null }, { email: 'boss@portal.test', role: 'admin' }, during)).toBe(
      false,
    );
    expect(canUndo(null, { email: 'boss@portal.test', role: 'admin' }, during)).toBe(false);
  });
});

describe('the route as the driver sees it', () => {
  const route = [stop('d1', 1, ['o1', 'o2']), stop('d2', 2, ['o3'])];
  const server = shipment([shippingOrder('o1'), shippingOrder('o2'), shippingOrder('o3')], route);

  it('shows waiting actions at once: shipped, delivered with its proof, counts, next stop and status', () => {
    const seen = shipmentWithPending(
      server,
      [action('shipped', 'o3'), action('delivered', 'o1'), action('delivered', 'o2')],
      'driver@portal.test',
    );
    expect(seen.orders.map((order) => order.status)).toEqual(['delivered', 'delivered', 'shipped']);
    expect(seen.orders[0]?.delivery).toEqual({
      delivered_at: proof.captured_at,
      recipient_name: 'Pat Receiver',
      delivered_by: 'driver@portal.test',
      has_signature: true,
      photo_count: 0,
      undo_until: '2026-03-05T10:10:00.000Z',
    });
    expect(seen.delivery_stats).toMatchObject({ delivered_orders: 2, shipped_orders: 1 });
    expect(seen.status).toBe('IN PROGRESS');
    expect(seen.next_stop?.stop_number).toBe(2);
    expect(seen.departed_at).toBe('2026-03-05T10:00:00.000Z');
    // the server's copy is left as it was
    expect(server.orders[0]?.status).toBe('in_shipment');
  });

  it('ignores refused actions and other shipments, and is the same copy when nothing waits', () => {
    expect(shipmentWithPending(server, [], 'driver@portal.test')).toBe(server);
    const seen = shipmentWithPending(
      server,
      [action('delivered', 'o1', { state: 'conflict' }), action('shipped', 'o2', { shipment_id: 's2' })],
      'driver@portal.test',
    );
    expect(seen.orders.map((order) => order.status)).toEqual(['in_shipment', 'in_shipment', 'in_shipment']);
  });

  it('is COMPLETED with no next stop when every order is delivered; an undo puts one back', () => {
    const all = [action('delivered', 'o1'), action('delivered', 'o2'), action('delivered', 'o3')];
    const done = shipmentWithPending(server, all, 'driver@portal.test');
    expect(done.status).toBe('COMPLETED');
    expect(done.next_stop).toBeNull();
    const undone = shipmentWithPending(done, [action('undo', 'o3')], 'driver@portal.test');
    expect(undone.orders[2]).toMatchObject({ status: 'shipped', delivery: null });
    expect(undone.status).toBe('IN PROGRESS');
    expect(undone.next_stop?.stop_number).toBe(2);
  });

  it('applying the same waiting actions twice changes nothing more (cards and lists may both apply them)', () => {
    const queue = [action('shipped', 'o1'), action('delivered', 'o1'), action('shipped', 'o3')];
    const once = shipmentWithPending(server, queue, 'driver@portal.test');
    expect(shipmentWithPending(once, queue, 'driver@portal.test').orders).toEqual(once.orders);
  });

  it("a card's summary has no route, orders or links", () => {
    const summary = summaryOf(server);
    expect(summary).not.toHaveProperty('route');
    expect(summary).not.toHaveProperty('orders');
    expect(summary).not.toHaveProperty('route_links');
    expect(summary.shipment_name).toBe('Montana run');
  });
});

describe('routes kept on the phone', () => {
  const routes = (name: string): SavedRoutes => {
    const kept = shipment([shippingOrder('o1')], [stop('d1', 1, ['o1'])]);
    return {
      summaries: [summaryOf({ ...kept, shipment_name: name })],
      shipments: { s1: { ...kept, shipment_name: name } },
      proofRules: { signatureRequired: true, photoRequired: false },
      savedAt: '2026-03-05T09:00:00.000Z',
    };
  };

  it('are kept per user: one driver never reads another one’s copy', () => {
    const storage = memoryStorage();
    writeSavedRoutes(storage, userKey({ email: 'Ann@Portal.test ' }), routes('Ann run'));
    writeSavedRoutes(storage, userKey({ email: 'bob@portal.test' }), routes('Bob run'));
    expect(readSavedRoutes(storage, 'ann@portal.test')?.summaries[0]?.shipment_name).toBe('Ann run');
    expect(readSavedRoutes(storage, 'bob@portal.test')?.shipments.s1?.shipment_name).toBe('Bob run');
    expect(readSavedRoutes(storage, 'carol@portal.test')).toBeNull();
  });

  it('are all removed on sign-out, leaving other data alone', () => {
    const storage = memoryStorage({ authToken: 't', unrelated: 'x' });
    writeSavedRoutes(storage, 'ann@portal.test', routes('Ann run'));
    writeSavedRoutes(storage, 'bob@portal.test', routes('Bob run'));
    clearSavedRoutes(storage);
    expect(readSavedRoutes(storage, 'ann@portal.test')).toBeNull();
    expect(readSavedRoutes(storage, 'bob@portal.test')).toBeNull();
    expect(storage.getItem('unrelated')).toBe('x');
    expect(storage.length).toBe(2);
  });

  it('an unreadable copy is dropped rather than shown', () => {
    const storage = memoryStorage({ 'portal.driverRoutes:ann@portal.test': '{not json' });
    expect(readSavedRoutes(storage, 'ann@portal.test')).toBeNull();
    expect(storage.length).toBe(0);
  });

  it("take a route the server answered, and its card's summary with it", () => {
    const saved = routes('Old name');
    const answered = { ...saved.shipments.s1!, shipment_name: 'New name', status: 'IN PROGRESS' as const };
    const next = withShipment(saved, answered);
    expect(next.shipments.s1?.shipment_name).toBe('New name');
    expect(next.summaries[0]).toMatchObject({ shipment_name: 'New name', status: 'IN PROGRESS' });
    expect(next.summaries[0]).not.toHaveProperty('orders');
  });

  it('a full storage keeps the previous copy', () => {
    const storage = memoryStorage();
    writeSavedRoutes(storage, 'ann@portal.test', routes('Ann run'));
    const full: Storage = {
      ...storage,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(writeSavedRoutes(full, 'ann@portal.test', routes('Newer'))).toBe(false);
    expect(readSavedRoutes(storage, 'ann@portal.test')?.summaries[0]?.shipment_name).toBe('Ann run');
  });
});

describe('Who is offered the delivery buttons of a route', () => {
  const driver = { email: 'Driver@Portal.test', full_name: 'Dee Driver' };
  test('When the route is driven by someone, Then only they (any case of their email) and admins work it', () => {
    expect(mayWorkRoute(driver, { email: 'driver@portal.test', role: 'delivery' })).toBe(true);
    expect(mayWorkRoute(driver, { email: 'other@portal.test', role: 'delivery' })).toBe(false);
    expect(mayWorkRoute(driver, { email: 'boss@portal.test', role: 'admin' })).toBe(true);
  });
  test('When nobody drives it, Then every delivery user may; a dealer or nobody signed in never', () => {
    expect(mayWorkRoute(null, { email: 'other@portal.test', role: 'delivery' })).toBe(true);
    expect(mayWorkRoute(null, { email: 'dealer@portal.test', role: 'dealer' })).toBe(false);
    expect(mayWorkRoute(null, null)).toBe(false);
  });
});
