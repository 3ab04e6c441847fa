/**
 * Dealer performance from order and payment events only: top-performers and dealer-performance, their roles and
 * messages, and figures that stay right when events are redelivered, replayed or arrive out of order.
 */
import { DealerArchived, DealerUpdated, OrderCreated } from '@portal/contracts';
import { dealerSnapshot, eventsSettled } from '@portal/platform/testing';
import { secondsFromNow, startIncentives, type TestIncentives } from './support/incentive';

let t: TestIncentives;
beforeAll(async () => {
  t = await startIncentives('incentive_performance');
});
afterAll(() => t?.stop());

const performanceOf = async (dealerId: string) => {
  const res = await t.api().get('/api/admin/dealer-performance').set(t.admin);
  expect(res.status).toBe(200);
  return res.body.data.find((row: { dealer_id: string }) => row.dealer_id === dealerId);
};

describe('who may read performance', () => {
  test.each([
    ['GET', '/api/admin/top-performers'],
    ['GET', '/api/admin/dealer-performance'],
  ])('When a dealer or delivery user calls %s %s, Then 403; without a token 401', async (_method, path) => {
    expect((await t.api().get(path).set(t.dealerAuth)).status).toBe(403);
    expect((await t.api().get(path).set(t.delivery)).status).toBe(403);
    expect((await t.api().get(path)).status).toBe(401);
  });
});

describe('figures from order events', () => {
  test('When an order is placed, Then its dealer shows its revenue, orders, items and average order value', async () => {
    const dealerId = await t.newDealer({ business_name: 'Ridge Blinds', city: 'Macon', state: 'GA' });
    await t.placeOrder(dealerId, [[2, 24_999]]);
    await t.placeOrder(dealerId, [
      [1, 10_000],
      [3, 500],
    ]);
    expect(await performanceOf(dealerId)).toEqual({
      dealer_id: dealerId,
      business_name: 'Ridge Blinds',
      dealer_name: 'Ridge Blinds',
      dealer_city: 'Macon',
      dealer_state: 'GA',
      total_revenue: 614.98,
      total_orders: 2,
      total_items: 6,
      avg_order_value: 307.49,
      total_paid: 0,
    });
  });

  test('When order.created is delivered twice (same message, then under a new event id), Then it counts once', async () => {
    const dealerId = await t.newDealer();
    const order = await t.placeOrder(dealerId, [[1, 30_000]]);
    const { id: _id, occurredAt: _at, ...payload } = order;
    await t.publish(OrderCreated, order.order_id, payload, { id: order.id, occurredAt: order.occurredAt });
    await t.publish(OrderCreated, order.order_id, payload, { occurredAt: order.occurredAt });
    expect(await performanceOf(dealerId)).toMatchObject({ total_revenue: 300, total_orders: 1, total_items: 1 });
  });

  test('When order.updated arrives before its order.created, and an older update after a newer one, Then the newest state counts once', async () => {
    const dealerId = await t.newDealer();
    const orderId = crypto.randomUUID();
    const base = {
      order_id: orderId,
      dealer_id: dealerId,
      status: 'pending' as const,
      total_cents: 10_000,
      items: [{ product_id: 'p', title: 'Blind', quantity: 1, price_cents: 10_000, is_custom: false }],
      notes: null,
      created_at: secondsFromNow(-10),
    };
    // the update (2 more blinds, confirmed) overtakes the order's creation
    await t.updateOrder(base, { status: 'confirmed', lines: [[3, 10_000]] }, { occurredAt: secondsFromNow(-5) });
    expect(await performanceOf(dealerId)).toMatchObject({ total_orders: 1, total_revenue: 300, total_items: 3 });
    await t.publish(OrderCreated, orderId, base, { occurredAt: secondsFromNow(-10) });
    // an update older than the one applied arrives late: nothing changes
    await t.updateOrder(base, { status: 'pending', lines: [[1, 10_000]] }, { occurredAt: secondsFromNow(-8) });
    expect(await performanceOf(dealerId)).toMatchObject({ total_orders: 1, total_revenue: 300, total_items: 3 });
  });

  test('When a payment is recorded, Then the dealer shows what it paid; a late older payment does not lower it', async () => {
    const dealerId = await t.newDealer();
    const order = await t.placeOrder(dealerId, [[1, 50_000]]);
    await t.pay(order, 20_000, 20_000, { occurredAt: secondsFromNow(1) });
    await t.pay(order, 30_000, 50_000, { occurredAt: secondsFromNow(3) });
    await t.pay(order, 20_000, 20_000, { occurredAt: secondsFromNow(1) }); // the first one, replayed
    expect(await performanceOf(dealerId)).toMatchObject({ total_revenue: 500, total_paid: 500, total_orders: 1 });
  });

  test('When an order is cancelled, Then it leaves the figures; when its lines change, Then they follow', async () => {
    const dealerId = await t.newDealer();
    const kept = await t.placeOrder(dealerId, [[1, 10_000]]);
    const cancelled = await t.placeOrder(dealerId, [[2, 10_000]]);
    await t.updateOrder(cancelled, { status: 'cancelled' }, { occurredAt: secondsFromNow(1) });
    await t.updateOrder(kept, { lines: [[4, 10_000]] }, { occurredAt: secondsFromNow(1) });
    expect(await performanceOf(dealerId)).toMatchObject({
      total_revenue: 400,
      total_orders: 1,
      total_items: 4,
      avg_order_value: 400,
    });
  });

  test('When a dealer is renamed by a later event and an older rename arrives late, Then the newer name shows', async () => {
    const dealerId = await t.newDealer({ business_name: 'Old Name' });
    await t.placeOrder(dealerId, [[1, 100]]);
    const snapshot = (name: string) =>
      dealerSnapshot({ dealer_id: dealerId, email: 'x@example.com', business_name: name, city: 'Waco', state: 'TX' });
    await t.publish(DealerUpdated, dealerId, snapshot('New Name'), { occurredAt: secondsFromNow(5) });
    await t.publish(DealerUpdated, dealerId, snapshot('Older Name'), { occurredAt: secondsFromNow(2) });
    expect(await performanceOf(dealerId)).toMatchObject({ dealer_name: 'New Name', dealer_city: 'Waco' });
  });
});

describe('top-performers', () => {
  let dealers: string[];
  beforeAll(async () => {
    // a separate service: the other tests' dealers would take the top places
    await t.stop();
    t = await startIncentives('incentive_top');
    dealers = [];
    // revenue order: D0 > D1 > ... ; orders and items reversed
    for (let i = 0; i < 6; i++) {
      const dealerId = await t.newDealer({ business_name: `Top ${i}` });
      dealers.push(dealerId);
      await t.placeOrder(dealerId, [[1, 100_000 - i * 10_000]]);
      for (let n = 0; n < i; n++) await t.placeOrder(dealerId, [[2, 100]]);
    }
  });

  const top = (query: string) => t.api().get(`/api/admin/top-performers${query}`).set(t.admin);

  test('Without parameters, Then the four best by revenue, best first', async () => {
    const res = await top('');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((r: { dealer_name: string }) => r.dealer_name)).toEqual([
      'Top 0',
      'Top 1',
      'Top 2',
      'Top 3',
    ]);
    expect(res.body.data[0]).toMatchObject({ total_revenue: 1000, total_orders: 1, total_items: 1 });
  });

  test('By orders and by items, with a limit, Then sorted descending and the limit honoured', async () => {
    const byOrders = await top('?limit=2&metric=orders');
    expect(byOrders.body.data.map((r: { dealer_id: string }) => r.dealer_id)).toEqual([dealers[5], dealers[4]]);
    const byItems = await top('?limit=10&metric=items');
    expect(byItems.body.data.map((r: { total_items: number }) => r.total_items)).toEqual([11, 9, 7, 5, 3, 1]);
  });

  test('When a dealer is archived, Then it leaves the best performers and the performance list', async () => {
    await t.publish(DealerArchived, dealers[0] as string, {
      dealer_id: dealers[0] as string,
      archived_at: new Date().toISOString(),
    });
    const res = await top('?limit=1');
    expect(res.body.data[0].dealer_id).toBe(dealers[1]);
    expect(await performanceOf(dealers[0] as string)).toBeUndefined();
  });

  test('When the dealer-performance list is read, Then every active dealer is there, by revenue, as top-performers shows it', async () => {
    const res = await t.api().get('/api/admin/dealer-performance').set(t.admin);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((r: { dealer_id: string }) => r.dealer_id)).toEqual(dealers.slice(1));
    // the list rendered by PostgreSQL and the records built in Node agree, field by field
    expect(res.body.data).toEqual((await top('?limit=100')).body.data);
    // unchanged figures answer the same; a new order shows at once
    expect((await t.api().get('/api/admin/dealer-performance').set(t.admin)).body).toEqual(res.body);
    await t.placeOrder(dealers[5] as string, [[3, 33_333]]);
    const after = await t.api().get('/api/admin/dealer-performance').set(t.admin);
    expect(after.body.data.find((r: { dealer_id: string }) => r.dealer_id === dealers[5])).toMatchObject({
      total_revenue: 1509.99, // $510 in 6 orders, then $999.99
      total_orders: 7,
      avg_order_value: 215.71,
    });
    // a change of the dealer rows alone shows at once too
    await t.publish(DealerArchived, dealers[2] as string, {
      dealer_id: dealers[2] as string,
      archived_at: new Date().toISOString(),
    });
    const archived = await t.api().get('/api/admin/dealer-performance').set(t.admin);
    expect(archived.body.data.map((r: { dealer_id: string }) => r.dealer_id).sort()).toEqual(
      dealers
        .slice(1)
        .filter((d) => d !== dealers[2])
        .sort(),
    );
  });

  test.each([
    ['?metric=profit', 'Error: Metric must be revenue, orders or items'],
    ['?limit=0', 'Error: limit must be a whole number from 1 to 100'],
    ['?limit=abc', 'Error: limit must be a whole number from 1 to 100'],
    ['?limit=101', 'Error: limit must be a whole number from 1 to 100'],
  ])('When asked with %s, Then 400 with "%s"', async (query, detail) => {
    const res = await top(query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });
});

describe('a burst of events in any order', () => {
  test('When creations, updates, payments and duplicates of many orders arrive shuffled at once, Then the figures are those of the newest states', async () => {
    const dealers = [await t.newDealer(), await t.newDealer(), await t.newDealer()];
    const envelopes: { id: string; type: string; occurredAt: string; aggregateId: string; payload: object }[] = [];
    const expected = new Map(dealers.map((d) => [d, { revenue: 0, orders: 0, items: 0, paid: 0 }]));
    const base = Date.now() - 60_000;
    for (let i = 0; i < 60; i++) {
      const dealerId = dealers[i % 3] as string;
      const orderId = crypto.randomUUID();
      const quantity = 1 + (i % 4);
      const lines = [{ product_id: 'p', title: 'Blind', quantity, price_cents: 1_000, is_custom: false }];
      const at = (ms: number) => new Date(base + i * 100 + ms).toISOString();
      const created = {
        order_id: orderId,
        dealer_id: dealerId,
        status: 'pending',
        total_cents: quantity * 1_000,
        items: lines,
        notes: null,
        created_at: at(0),
      };
      envelopes.push({
        id: crypto.randomUUID(),
        type: 'order.created',
        occurredAt: at(0),
        aggregateId: orderId,
        payload: created,
      });
      envelopes.push({
        id: crypto.randomUUID(),
        type: 'order.created',
        occurredAt: at(0),
        aggregateId: orderId,
        payload: created,
      });
      const cancelled = i % 5 === 0;
      envelopes.push({
        id: crypto.randomUUID(),
        type: 'order.updated',
        occurredAt: at(10),
        aggregateId: orderId,
        payload: {
          ...created,
          status: cancelled ? 'cancelled' : 'confirmed',
          previous_status: 'pending',
          payment_status: 'unpaid',
          paid_cents: 0,
        },
      });
      if (!cancelled && i % 2 === 0) {
        envelopes.push({
          id: crypto.randomUUID(),
          type: 'payment.recorded',
          occurredAt: at(20),
          aggregateId: orderId,
          payload: {
            payment_id: crypto.randomUUID(),
            order_id: orderId,
            dealer_id: dealerId,
            amount_cents: 500,
            payment_method: 'card',
            payment_status: 'partially_paid',
            total_cents: quantity * 1_000,
            paid_cents: 500,
            created_at: at(20),
          },
        });
      }
      if (!cancelled) {
        const figures = expected.get(dealerId) as { revenue: number; orders: number; items: number; paid: number };
        figures.revenue += quantity * 10;
        figures.orders += 1;
        figures.items += quantity;
        figures.paid += i % 2 === 0 ? 5 : 0;
      }
    }
    // shuffled, a few delivered twice
    const shuffled = [...envelopes, ...envelopes.slice(0, 10)].sort(() => Math.random() - 0.5);
    await Promise.all(shuffled.map((e) => t.transport.publish({ ...e, version: 1, producer: 'order' } as never, {})));
    const db = t.service.service.ctx.db;
    // every delivery handled, the duplicates too
    await eventsSettled(t.transport, [t.service.service], { collectors: ['identity'], timeoutMs: 20_000 });
    for (const dealerId of dealers) {
      const want = expected.get(dealerId) as { revenue: number; orders: number; items: number; paid: number };
      expect(await performanceOf(dealerId)).toMatchObject({
        total_revenue: want.revenue,
        total_orders: want.orders,
        total_items: want.items,
        total_paid: want.paid,
      });
    }
    // the kept totals agree with the orders' rows they are built from
    const drift = await db.query(
      `SELECT f.dealer_id FROM dealer_figures f LEFT JOIN (
         SELECT dealer_id, sum(total_cents) AS revenue, count(*) AS orders, sum(item_count) AS items, sum(paid_cents) AS paid
         FROM orders WHERE status <> 'cancelled' GROUP BY dealer_id) o ON o.dealer_id = f.dealer_id
       WHERE f.revenue_cents <> coalesce(o.revenue, 0) OR f.orders <> coalesce(o.orders, 0)
         OR f.items <> coalesce(o.items, 0) OR f.paid_cents <> coalesce(o.paid, 0)`,
    );
    expect(drift).toEqual([]);
  });
});
