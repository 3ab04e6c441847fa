/**
 * The admin dashboard's Pending Orders and New Orders This Month cards stay current: an order change made in this
 * client reads the stats again, and opening the dashboard again reads them when they are older than the
 * dashboard's maximum age (orders also change in other sessions). Runs the client's real store and API against
 * a small HTTP server.
 */
import type { Server } from 'node:http';
import { serveClient, signedInAdminStorage } from './clientServer';

let server: Server;
const statsReads: number[] = [];
let pending = 0;

beforeAll(async () => {
  server = await serveClient((req, res) => {
    req.resume();
    const reply = (body: unknown) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/api/admin/dashboard-stats') {
      statsReads.push(pending);
      return reply({
        success: true,
        dealer_counts: { total: 1, by_state: {} },
        order_stats: { pending_orders: pending, recent_orders: pending },
      });
    }
    pending += 1; // any order change
    return reply({ success: true, message: 'ok' });
  }, signedInAdminStorage());
});

afterAll(async () => {
  // no cache-removal timers or kept-alive sockets outlive the test
  const { store } = client();
  const { apiSlice } = require('../../src/api/apiSlice') as typeof import('../../src/api/apiSlice');
  store.dispatch(apiSlice.util.resetApiState());
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client() {
  const { store } = require('../../src/app/store') as typeof import('../../src/app/store');
  const dashboard =
    require('../../src/features/dashboard/dashboardApi') as typeof import('../../src/features/dashboard/dashboardApi');
  const { ordersApi } =
    require('../../src/features/orders/ordersApi') as typeof import('../../src/features/orders/ordersApi');
  return { store, ...dashboard, ordersApi };
}

const settle = async (until: () => boolean) => {
  for (let i = 0; i < 100 && !until(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('Given the admin dashboard is open', () => {
  test('When an order is created, updated or submitted in this client, Then the stats are read again', async () => {
    const { store, dashboardApi, ordersApi } = client();
    statsReads.length = 0;
    const open = store.dispatch(dashboardApi.endpoints.getDashboardStats.initiate(undefined));
    await open;
    expect(statsReads).toEqual([pending]);

    const line = { product_id: 'p1', quantity: 1 };
    const changes = [
      () =>
        store.dispatch(
          ordersApi.endpoints.createOrder.initiate({
            body: { dealer_id: 'D1', product_details: [line], status: 'pending' },
          }),
        ),
      () =>
        store.dispatch(
          ordersApi.endpoints.updateOrder.initiate({ params: { order_id: 'o1' }, body: { status: 'confirmed' } }),
        ),
      () => store.dispatch(ordersApi.endpoints.submitOrder.initiate({ body: { product_orders: [line] } })),
    ];
    for (const [index, change] of changes.entries()) {
      await change();
      await settle(() => statsReads.length === index + 2);
      expect(statsReads.at(-1)).toBe(pending);
    }
    const again = store.dispatch(dashboardApi.endpoints.getDashboardStats.initiate(undefined));
    expect((await again).data?.order_stats.pending_orders).toBe(pending);
    again.unsubscribe();
    open.unsubscribe();
  });

  test('When the dashboard opens again, Then stats older than its maximum age are read again and fresher ones are kept', async () => {
    const { store, dashboardApi, DASHBOARD_STATS_MAX_AGE_SECONDS, DASHBOARD_STATS_REFRESH } = client();
    expect(DASHBOARD_STATS_REFRESH.refetchOnMountOrArgChange).toBe(DASHBOARD_STATS_MAX_AGE_SECONDS);
    expect(DASHBOARD_STATS_MAX_AGE_SECONDS).toBeLessThanOrEqual(10);
    // what a mount with the dashboard's options does: refetch when the cached answer is older than the age
    const mount = () =>
      store.dispatch(
        dashboardApi.endpoints.getDashboardStats.initiate(undefined, {
          forceRefetch: DASHBOARD_STATS_REFRESH.refetchOnMountOrArgChange,
        }),
      );
    const first = mount();
    await first;
    first.unsubscribe();
    statsReads.length = 0;

    const soon = mount();
    await soon;
    soon.unsubscribe();
    expect(statsReads).toEqual([]);

    // another session changed an order; the admin comes back after the maximum age
    pending += 1;
    // only the clock is faked: the request still goes through real timers and sockets
    jest.useFakeTimers({
      doNotFake: [
        'nextTick',
        'setImmediate',
        'clearImmediate',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'queueMicrotask',
        'hrtime',
        'performance',
      ],
      now: Date.now() + (DASHBOARD_STATS_MAX_AGE_SECONDS + 1) * 1000,
    });
    try {
      const later = mount();
      const result = await later;
      later.unsubscribe();
      expect(statsReads).toEqual([pending]);
      expect(result.data?.order_stats.pending_orders).toBe(pending);
    } finally {
      jest.useRealTimers();
    }
  });
});
