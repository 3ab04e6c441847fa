/**
 * The dashboard's order_stats (pending orders, new orders this month) from the dealer service's read model of
 * orders, fed by order.created / order.updated: first with events published as the order service would (also
 * late, repeated and out of order), then through the real order service.
 */
import { randomUUID } from 'node:crypto';
import {
  DealerCreated,
  type EventDef,
  OrderCreated,
  OrderUpdated,
  type PayloadOfType,
  ProductCreated,
} from '@portal/contracts';
import { orderService } from '@portal/order';
import { createInProcessTransport, createLogger, type InProcessTransport } from '@portal/platform';
import {
  bearer,
  dealerSnapshot,
  deliverEvent,
  eventually,
  startTestService,
  startTestServices,
  type TestService,
  type TestServices,
} from '@portal/platform/testing';
import type { z } from 'zod';
import { dealerService } from '../src/app';
import { orderCounts } from '../src/data/known-orders';

type Created = PayloadOfType<'order.created'>;
type Updated = PayloadOfType<'order.updated'>;

const created = (fields: Partial<Created> = {}): Created => ({
  order_id: randomUUID(),
  dealer_id: 'D0000001',
  status: 'pending',
  total_cents: 24999,
  items: [{ product_id: 'p1', title: 'Hub Blind', quantity: 1, price_cents: 24999, is_custom: false }],
  notes: null,
  created_at: new Date().toISOString(),
  ...fields,
});
const updated = (order: Created, status: Updated['status']): Updated => ({
  order_id: order.order_id,
  dealer_id: order.dealer_id,
  status,
  previous_status: order.status,
  payment_status: 'unpaid',
  total_cents: order.total_cents,
  paid_cents: 0,
  items: order.items,
  notes: order.notes,
});

describe('order_stats from order events', () => {
  let dealer: TestService;
  let transport: InProcessTransport;
  let admin: Record<string, string>;

  beforeAll(async () => {
    const logger = createLogger('test', 'silent');
    transport = createInProcessTransport({ logger });
    dealer = await startTestService(dealerService, { prefix: 'dealer_order_stats', deps: { transport, logger } });
    admin = bearer(dealer.tokenFor({ role: 'admin' }));
  });
  afterAll(async () => {
    await dealer?.stop();
    await transport?.close();
  });

  const deliver = <D extends EventDef>(def: D, aggregateId: string, payload: z.input<D['payload']>) =>
    deliverEvent(transport, dealer.service, def, aggregateId, payload, { producer: 'order' });

  /** publishes an event with its own id and time (a late or repeated delivery), then waits until it is applied */
  async function deliverAs<D extends EventDef>(def: D, payload: z.input<D['payload']>, occurredAt: string, id: string) {
    await transport.publish(
      { id, type: def.type, version: def.version, occurredAt, producer: 'order', aggregateId: 'order', payload },
      {},
    );
    await eventually(async () =>
      expect(
        await dealer.service.ctx.db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [id]),
      ).toHaveLength(1),
    );
  }

  const stats = async () => {
    const res = await dealer.http().get('/api/admin/dashboard-stats').set(admin);
    expect(res.status).toBe(200);
    return res.body.order_stats as { pending_orders: number; recent_orders: number };
  };
  const statusOf = async (orderId: string) =>
    (await dealer.service.ctx.db.query('SELECT status FROM known_orders WHERE order_id = $1', [orderId]))[0]?.status;

  test('When no order was ever placed, Then both counts are 0', async () => {
    expect(await stats()).toEqual({ pending_orders: 0, recent_orders: 0 });
  });

  test('When orders are created and change status, Then pending counts pending ones and recent those created this month', async () => {
    const before = await stats();
    const now = created();
    const earlier = new Date();
    earlier.setUTCDate(1);
    earlier.setUTCMonth(earlier.getUTCMonth() - 1);
    const lastMonth = created({ created_at: earlier.toISOString() });
    const confirmed = created({ status: 'confirmed' });
    for (const order of [now, lastMonth, confirmed]) await deliver(OrderCreated, order.order_id, order);
    expect(await stats()).toEqual({
      pending_orders: before.pending_orders + 2,
      recent_orders: before.recent_orders + 2,
    });

    await deliver(OrderUpdated, now.order_id, updated(now, 'confirmed'));
    await deliver(OrderUpdated, confirmed.order_id, updated(confirmed, 'cancelled'));
    expect(await stats()).toEqual({
      pending_orders: before.pending_orders + 1,
      recent_orders: before.recent_orders + 2,
    });
  });

  test('When an older order.updated arrives after a newer one, or an event is delivered again, Then the newest status stays', async () => {
    const order = created();
    const t0 = Date.now();
    const at = (ms: number) => new Date(t0 + ms).toISOString();
    const createdId = randomUUID();
    await deliverAs(OrderCreated, order, at(0), createdId);
    await deliverAs(OrderUpdated, updated(order, 'shipped'), at(2000), randomUUID());
    // late: the confirmation that happened before the shipping
    await deliverAs(OrderUpdated, updated(order, 'confirmed'), at(1000), randomUUID());
    expect(await statusOf(order.order_id)).toBe('shipped');
    // the same order.created again, under a new event id (a producer that announced it twice)
    await deliverAs(OrderCreated, order, at(0), randomUUID());
    expect(await statusOf(order.order_id)).toBe('shipped');
  });

  test('When order.updated arrives before order.created, Then the order counts once created and keeps the later status', async () => {
    const before = await stats();
    const order = created();
    const t0 = Date.now();
    await deliverAs(OrderUpdated, updated(order, 'confirmed'), new Date(t0 + 1000).toISOString(), randomUUID());
    expect(await stats()).toEqual(before); // not known to be this month's yet, not pending
    await deliverAs(OrderCreated, order, new Date(t0).toISOString(), randomUUID());
    expect(await statusOf(order.order_id)).toBe('confirmed');
    expect(await stats()).toEqual({ ...before, recent_orders: before.recent_orders + 1 });
  });

  test('When the month turns (in the system timezone, Chicago by default), Then only orders from its first instant on are recent', async () => {
    // March 2031 in Chicago: 06:00Z on 1 March (CST) to 05:00Z on 1 April (CDT, after the change on 9 March)
    const boundary = '2031-03-01T06:00:00.000Z';
    const manager = dealer.service.ctx.db.manager;
    const base = await orderCounts(manager, new Date(boundary));
    await deliver(OrderCreated, 'late-feb', created({ order_id: 'late-feb', created_at: '2031-03-01T05:59:59.999Z' }));
    await deliver(OrderCreated, 'first-mar', created({ order_id: 'first-mar', created_at: boundary }));
    const counts = await orderCounts(manager, new Date('2031-04-01T04:59:59.999Z'));
    expect(counts.recent_orders).toBe(base.recent_orders + 1);
    const nextMonth = await orderCounts(manager, new Date('2031-04-01T05:00:00.000Z'));
    expect(nextMonth.recent_orders).toBe(0);
  });

  test('When a dealer or nobody asks for the dashboard stats, Then 403 and 401', async () => {
    const dealerToken = bearer(dealer.tokenFor({ role: 'dealer', dealerId: 'D0000001' }));
    expect((await dealer.http().get('/api/admin/dashboard-stats').set(dealerToken)).status).toBe(403);
    expect((await dealer.http().get('/api/admin/dashboard-stats')).status).toBe(401);
  });
});

describe('order_stats through the order service', () => {
  let portal: TestServices;

  beforeAll(async () => {
    portal = await startTestServices([dealerService, orderService], { prefix: 'dealer_order_stats_e2e' });
  });
  afterAll(() => portal?.stop());

  test('When a dealer submits an order and the admin confirms it, Then the dashboard counts it pending, then not', async () => {
    const orders = portal.service('order');
    const dealerId = 'DSTATS01';
    await deliverEvent(
      portal.transport,
      orders,
      DealerCreated,
      dealerId,
      dealerSnapshot({ dealer_id: dealerId, email: 'stats@example.com', business_name: 'Stats Blinds' }),
    );
    const product = {
      product_id: randomUUID(),
      title: 'Hub Blind',
      description: null,
      price_cents: 24999,
      status: 'active' as const,
      image_filename: null,
    };
    await deliverEvent(portal.transport, orders, ProductCreated, product.product_id, product, { producer: 'catalog' });
    const admin = bearer(portal.tokenFor({ role: 'admin' }));
    const stats = async () =>
      (await portal.http('dealer').get('/api/admin/dashboard-stats').set(admin)).body.order_stats;

    const submitted = await portal
      .http('order')
      .post('/api/dealer/submit-order')
      .set(bearer(portal.tokenFor({ role: 'dealer', dealerId })))
      .send({ product_orders: [{ product_id: product.product_id, quantity: 2 }] });
    expect(submitted.status).toBe(200);
    await eventually(async () => expect(await stats()).toEqual({ pending_orders: 1, recent_orders: 1 }));

    const confirmed = await portal
      .http('order')
      .put(`/api/admin/update-order/${submitted.body.order_id}`)
      .set(admin)
      .send({ status: 'confirmed' });
    expect(confirmed.status).toBe(200);
    await eventually(async () => expect(await stats()).toEqual({ pending_orders: 0, recent_orders: 1 }));
  });
});
