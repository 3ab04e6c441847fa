import {
  applyActivity,
  contribution,
  isCounted,
  mayReachTier,
  NO_FIGURES,
  type OrderActivity,
  type OrderFacts,
} from '../../src/domain/order-facts';
import { averageOrderCents, dealerName, performanceRecord } from '../../src/domain/performance';

const T0 = '2025-03-01T10:00:00.000Z';
const T1 = '2025-03-01T10:00:01.000Z';
const T2 = '2025-03-01T10:00:02.000Z';

const created = (at = T0): OrderActivity => ({
  kind: 'created',
  at,
  order_id: 'o1',
  dealer_id: 'd1',
  status: 'pending',
  total_cents: 50_000,
  item_count: 2,
  created_at: T0,
});
const updated = (at: string, changes: Partial<Extract<OrderActivity, { kind: 'updated' }>> = {}): OrderActivity => ({
  kind: 'updated',
  at,
  order_id: 'o1',
  dealer_id: 'd1',
  status: 'confirmed',
  total_cents: 50_000,
  item_count: 2,
  paid_cents: 0,
  ...changes,
});
const payment = (at: string, paid: number): OrderActivity => ({
  kind: 'payment',
  at,
  order_id: 'o1',
  dealer_id: 'd1',
  paid_cents: paid,
});
const apply = (...activities: OrderActivity[]) =>
  activities.reduce<OrderFacts | null>((facts, a) => applyActivity(facts, a), null) as OrderFacts;

describe('which orders count', () => {
  test('Every status but cancelled counts; an order whose state is unknown does not', () => {
    expect(['pending', 'confirmed', 'in_shipment', 'shipped', 'delivered'].every((s) => isCounted(s as never))).toBe(
      true,
    );
    expect(isCounted('cancelled')).toBe(false);
    expect(isCounted(null)).toBe(false);
  });
});

describe('applying order events', () => {
  test('When order.created is applied twice, Then the facts are the same as once', () => {
    expect(apply(created(), created())).toEqual(apply(created()));
  });

  test('When an update arrives before its order.created, Then the update state stays and created_at is filled in', () => {
    const facts = apply(updated(T1, { status: 'shipped', total_cents: 70_000, item_count: 3 }), created(T0));
    expect(facts).toMatchObject({ status: 'shipped', total_cents: 70_000, item_count: 3, created_at: T0 });
  });

  test('When an older update arrives after a newer one, Then the newer state is kept', () => {
    const facts = apply(created(), updated(T2, { status: 'cancelled' }), updated(T1, { status: 'confirmed' }));
    expect(facts.status).toBe('cancelled');
  });

  test('When a payment arrives before order.created, Then the paid total survives the older created event', () => {
    const facts = apply(payment(T1, 20_000), created(T0));
    expect(facts).toMatchObject({ status: 'pending', paid_cents: 20_000, total_cents: 50_000 });
    expect(contribution(facts)).toEqual({ revenue_cents: 50_000, orders: 1, items: 2, paid_cents: 20_000 });
  });

  test('When only a payment is known, Then the order does not count yet', () => {
    expect(contribution(apply(payment(T1, 20_000)))).toEqual(NO_FIGURES);
  });

  test('When an order is cancelled, Then it contributes nothing; restored, it counts again', () => {
    expect(contribution(apply(created(), updated(T1, { status: 'cancelled' })))).toEqual(NO_FIGURES);
    expect(
      contribution(apply(created(), updated(T1, { status: 'cancelled' }), updated(T2, { status: 'pending' }))),
    ).toEqual({ revenue_cents: 50_000, orders: 1, items: 2, paid_cents: 0 });
  });
});

describe('when an order change may take its dealer over a tier', () => {
  test('A new counted order, a bigger total or a late created_at may; a payment or a cancellation may not', () => {
    const placed = apply(created());
    expect(mayReachTier(null, placed)).toBe(true);
    expect(mayReachTier(placed, applyActivity(placed, updated(T1, { total_cents: 60_000 })))).toBe(true);
    expect(mayReachTier(placed, applyActivity(placed, payment(T1, 1000)))).toBe(false);
    expect(mayReachTier(placed, applyActivity(placed, updated(T1, { status: 'cancelled' })))).toBe(false);
    const updateFirst = apply(updated(T1));
    expect(mayReachTier(null, updateFirst)).toBe(false); // created_at unknown: no program window yet
    expect(mayReachTier(updateFirst, applyActivity(updateFirst, created()))).toBe(true);
  });
});

describe('performance records', () => {
  test('Cents become dollars, the average is rounded to the cent and the name falls back', () => {
    expect(averageOrderCents(100_001, 3)).toBe(33_334);
    expect(averageOrderCents(0, 0)).toBe(0);
    expect(dealerName({ dealer_id: 'D1', business_name: null, full_name: 'Pat' })).toBe('Pat');
    expect(dealerName({ dealer_id: 'D1', business_name: null, full_name: null })).toBe('D1');
    expect(
      performanceRecord({
        dealer_id: 'D1',
        business_name: 'Ridge Blinds',
        full_name: 'Pat',
        city: 'Austin',
        state: 'TX',
        revenue_cents: 1_234_567,
        orders: 4,
        items: 9,
        paid_cents: 10_000,
      }),
    ).toEqual({
      dealer_id: 'D1',
      business_name: 'Ridge Blinds',
      dealer_name: 'Ridge Blinds',
      dealer_city: 'Austin',
      dealer_state: 'TX',
      total_revenue: 12345.67,
      total_orders: 4,
      total_items: 9,
      avg_order_value: 3086.42,
      total_paid: 100,
    });
  });
});
