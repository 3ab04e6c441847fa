import { DELIVERY_PROOF_MESSAGES } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { listShipments } from '../src/data/shipments';
import {
  type Auth,
  type DriverPortal,
  eventually,
  type Json,
  readAllPages,
  readWholeList,
  startDriverPortal,
} from './support/drivers';
import { startShipping, type TestShipping } from './support/shipping';

/**
 * Routes have a driver (beyond the spec): an admin gives a route to an active delivery user (identity says who
 * that is), a delivery user creating a route drives it, the lists filter by driver (`me`, `none`, an email), the
 * collapsed cards page by keyset, and a delivery user cannot work another driver's route.
 */

let p: DriverPortal;
const DANA = { email: 'dana.driver@example.com', full_name: 'Dana Driver', role: 'delivery' as const };
const ELI = { email: 'eli.driver@example.com', full_name: 'Eli Wheeler', role: 'delivery' as const };
const GONE = { email: 'gone.driver@example.com', full_name: 'Gone Driver', role: 'delivery' as const, active: false };
const BOSS = { email: 'boss@example.com', full_name: 'Boss Admin', role: 'admin' as const };
let dana: Auth;
let eli: Auth;
let dealerId: string;

beforeAll(async () => {
  p = await startDriverPortal('shipping_drivers');
  for (const user of [DANA, ELI, GONE, BOSS]) await p.newStaffUser(user);
  dana = p.tokenOf('delivery', DANA.email, DANA.full_name);
  eli = p.tokenOf('delivery', ELI.email, ELI.full_name);
  dealerId = await p.newDealer({ business_name: 'Driver Test Blinds', lat: 30.27, lng: -97.74 });
});
afterAll(() => p?.stop());

const create = async (auth: Auth, body: Json = {}) =>
  p
    .shipping()
    .post('/api/admin/create-shipment')
    .set(auth)
    .send({ order_ids: [await p.newOrder(dealerId)], ...body });

async function created(auth: Auth, body: Json = {}): Promise<Json> {
  const res = await create(auth, body);
  expect(res.status).toBe(200);
  return res.body.shipment;
}

const assign = (shipmentId: string, driverEmail: string | null, auth: Auth = p.admin) =>
  p.shipping().post(`/api/admin/shipment/${shipmentId}/assign-driver`).set(auth).send({ driver_email: driverEmail });

const markShipped = (shipment: Json, auth: Auth) =>
  p
    .shipping()
    .post(`/api/admin/shipment/${shipment.shipment_id}/update-order-status`)
    .set(auth)
    .send({ order_id: shipment.orders[0].order_id, status: 'shipped' });

const readyOrderIds = async () => {
  const res = await p.shipping().get('/api/admin/ready-to-ship-orders').set(p.admin).expect(200);
  return (res.body.orders as Json[]).map((order) => order.order_id as string);
};

describe('who drives a route', () => {
  test('When an admin creates a route naming an active delivery user, Then it carries that driver with their name from identity', async () => {
    const shipment = await created(p.admin, { driver_email: 'Dana.Driver@Example.com' });
    expect(shipment.driver).toEqual({ email: DANA.email, full_name: DANA.full_name });
    const one = await p.shipping().get(`/api/admin/shipment/${shipment.shipment_id}`).set(dana).expect(200);
    expect(one.body.shipment.driver).toEqual({ email: DANA.email, full_name: DANA.full_name });
    expect(one.body.shipment.orders).toHaveLength(1);
  });

  test('When an admin creates a route naming nobody, Then nobody drives it', async () => {
    expect((await created(p.admin)).driver).toBeNull();
    expect((await created(p.admin, { driver_email: null })).driver).toBeNull();
  });

  test.each([
    ['an unknown email', 'nobody@example.com'],
    ['an admin', BOSS.email],
    ['a deactivated delivery user', GONE.email],
  ])('When an admin names %s as driver, Then 400 driverNotFound and no route is created', async (_what, email) => {
    const orderId = await p.newOrder(dealerId);
    const res = await p
      .shipping()
      .post('/api/admin/create-shipment')
      .set(p.admin)
      .send({ order_ids: [orderId], driver_email: email });
    expect([res.status, res.body.detail]).toEqual([400, DELIVERY_PROOF_MESSAGES.driverNotFound]);
    expect(await readyOrderIds()).toContain(orderId);
  });

  test('When a delivery user creates a route, Then they drive it; naming themselves is the same; naming another is 403 driverOnlySelf', async () => {
    expect((await created(eli)).driver).toEqual({ email: ELI.email, full_name: ELI.full_name });
    expect((await created(eli, { driver_email: ELI.email })).driver).toEqual({
      email: ELI.email,
      full_name: ELI.full_name,
    });
    const refused = await create(eli, { driver_email: DANA.email });
    expect([refused.status, refused.body.detail]).toEqual([403, DELIVERY_PROOF_MESSAGES.driverOnlySelf]);
  });

  test('When an admin assigns, reassigns and unassigns a driver, Then the route answers each', async () => {
    const shipment = await created(p.admin);
    const first = await assign(shipment.shipment_id, DANA.email).expect(200);
    expect(first.body.shipment.driver).toEqual({ email: DANA.email, full_name: DANA.full_name });
    const second = await assign(shipment.shipment_id, ELI.email).expect(200);
    expect(second.body.shipment.driver).toEqual({ email: ELI.email, full_name: ELI.full_name });
    const none = await assign(shipment.shipment_id, null).expect(200);
    expect(none.body.shipment.driver).toBeNull();
    const read = await p.shipping().get(`/api/admin/shipment/${shipment.shipment_id}`).set(p.admin).expect(200);
    expect(read.body.shipment.driver).toBeNull();
  });

  test('When assignment names someone who may not drive, or the route does not exist, Then 400 / 404 and the driver stays', async () => {
    const shipment = await created(p.admin, { driver_email: DANA.email });
    for (const email of ['nobody@example.com', BOSS.email, GONE.email]) {
      const res = await assign(shipment.shipment_id, email);
      expect([res.status, res.body.detail]).toEqual([400, DELIVERY_PROOF_MESSAGES.driverNotFound]);
    }
    const missing = await assign('no-such-shipment', DANA.email);
    expect([missing.status, missing.body.detail]).toEqual([404, 'Error: Shipment not found']);
    const read = await p.shipping().get(`/api/admin/shipment/${shipment.shipment_id}`).set(p.admin).expect(200);
    expect(read.body.shipment.driver.email).toBe(DANA.email);
  });

  test('When a delivery user tries to assign a driver, Then 403 and nothing changes', async () => {
    const shipment = await created(p.admin);
    expect((await assign(shipment.shipment_id, DANA.email, dana)).status).toBe(403);
    const read = await p.shipping().get(`/api/admin/shipment/${shipment.shipment_id}`).set(p.admin).expect(200);
    expect(read.body.shipment.driver).toBeNull();
  });

  test('When a shipment is read that does not exist, Then 404 Shipment not found', async () => {
    const res = await p.shipping().get('/api/admin/shipment/no-such-shipment').set(p.admin);
    expect([res.status, res.body.detail]).toEqual([404, 'Error: Shipment not found']);
  });
});

describe("identity's staff-user lookup (GET /internal/staff-users/{email})", () => {
  const lookup = (email: string, auth: Auth) =>
    p.services
      .http('identity')
      .get(`/internal/staff-users/${encodeURIComponent(email)}`)
      .set(auth);

  test('When an admin or a delivery user asks, Then a staff user answers with role and whether active; a dealer is refused', async () => {
    const found = await lookup(GONE.email, dana).expect(200);
    expect(found.body).toEqual({
      user: { email: GONE.email, full_name: GONE.full_name, role: 'delivery', is_active: false },
    });
    const boss = await lookup('BOSS@example.com', p.admin).expect(200);
    expect(boss.body.user).toMatchObject({ email: BOSS.email, role: 'admin', is_active: true });
    expect((await lookup('nobody@example.com', p.admin)).status).toBe(404);
    const dealer = p.services.tokenFor({ role: 'dealer', dealerId: dealerId });
    expect((await lookup(DANA.email, { authorization: `Bearer ${dealer}` })).status).toBe(403);
    expect((await lookup(DANA.email, {})).status).toBe(401);
  });

  test("When a dealer login's email is named as driver, Then identity answers 404 and shipping 400 driverNotFound", async () => {
    const email = 'login.of.dealer@example.com';
    // identity learns of the dealer from dealer.created on the same bus
    await eventually(async () => {
      const res = await p.services
        .http('identity')
        .post(`/api/admin/create-dealer-login/${dealerId}`)
        .set(p.admin)
        .send({ email, password: 'a long enough password 1', full_name: 'Dealer Login' });
      expect(res.status).toBe(200);
    });
    expect((await lookup(email, p.admin)).status).toBe(404);
    const shipment = await created(p.admin);
    const res = await assign(shipment.shipment_id, email);
    expect([res.status, res.body.detail]).toEqual([400, DELIVERY_PROOF_MESSAGES.driverNotFound]);
  });
});

describe('working a route', () => {
  test("When a delivery user marks an order on another driver's route, Then 403 notYourRoute and the order is unchanged", async () => {
    const shipment = await created(p.admin, { driver_email: DANA.email });
    const res = await markShipped(shipment, eli);
    expect([res.status, res.body.detail]).toEqual([403, DELIVERY_PROOF_MESSAGES.notYourRoute]);
    const read = await p.shipping().get(`/api/admin/shipment/${shipment.shipment_id}`).set(p.admin).expect(200);
    expect(read.body.shipment.orders[0].status).toBe('in_shipment');
    expect(read.body.shipment.departed_at).toBeNull();
  });

  test('When the driver, an admin, or any delivery user on a route nobody drives marks an order, Then it is done', async () => {
    const own = await created(p.admin, { driver_email: DANA.email });
    expect((await markShipped(own, dana)).status).toBe(200);
    const others = await created(p.admin, { driver_email: DANA.email });
    expect((await markShipped(others, p.admin)).status).toBe(200);
    const open = await created(p.admin);
    expect((await markShipped(open, eli)).status).toBe(200);
  });
});

describe('the driver filter and the collapsed cards', () => {
  let fresh: DriverPortal;
  let freshDana: Auth;
  let freshEli: Auth;
  const byName: Record<string, Json> = {};

  beforeAll(async () => {
    // a portal of its own, so the lists hold exactly these routes
    fresh = await startDriverPortal('shipping_driver_lists');
    for (const user of [DANA, ELI]) await fresh.newStaffUser(user);
    freshDana = fresh.tokenOf('delivery', DANA.email, DANA.full_name);
    freshEli = fresh.tokenOf('delivery', ELI.email, ELI.full_name);
    const north = await fresh.newDealer({ business_name: 'North Shades', lat: 30.4, lng: -97.7 });
    const south = await fresh.newDealer({ business_name: 'South Shutters', lat: 30.1, lng: -97.8 });
    const routes: [string, string | null, string[]][] = [
      ['Dana one', DANA.email, [north, south]],
      ['Dana two', DANA.email, [south]],
      ['Dana three', DANA.email, [north]],
      ['Eli one', ELI.email, [north, south]],
      ['Open one', null, [south]],
      ['Open two', null, [north]],
    ];
    for (const [name, driver, dealers] of routes) {
      const orderIds = [];
      for (const dealer of dealers) orderIds.push(await fresh.newOrder(dealer));
      const res = await fresh
        .shipping()
        .post('/api/admin/create-shipment')
        .set(fresh.admin)
        .send({ order_ids: orderIds, shipment_name: name, driver_email: driver });
      expect(res.status).toBe(200);
      byName[name] = res.body.shipment;
    }
    // "Dana one" has its first stop delivered: in progress, its next stop the second
    const first = byName['Dana one'] as Json;
    await fresh
      .shipping()
      .post(`/api/admin/shipment/${first.shipment_id}/update-order-status`)
      .set(freshDana)
      .send({ order_id: first.route[0].order_ids[0], status: 'delivered' })
      .expect(200);
  });
  afterAll(() => fresh?.stop());

  const names = (rows: readonly Json[]) => rows.map((row) => row.shipment_name as string).sort();
  const list = (path: string, auth: Auth) => (query: Record<string, string | number>) =>
    fresh.shipping().get(path).query(query).set(auth);

  test.each(['/api/admin/shipments', '/api/admin/shipment-summaries'])(
    'When %s is filtered by driver for each role, Then each sees the routes asked for',
    async (path) => {
      const cases: [Auth, string, string[]][] = [
        [fresh.admin, DANA.email, ['Dana one', 'Dana three', 'Dana two']],
        [fresh.admin, 'none', ['Open one', 'Open two']],
        [fresh.admin, 'me', []],
        [freshDana, 'me', ['Dana one', 'Dana three', 'Dana two']],
        [freshEli, 'me', ['Eli one']],
        [freshEli, DANA.email.toUpperCase(), ['Dana one', 'Dana three', 'Dana two']],
        [freshEli, 'none', ['Open one', 'Open two']],
      ];
      for (const [auth, driver, expected] of cases)
        expect(names(await readWholeList<Json>(list(path, auth), 'shipments', { driver }))).toEqual(expected);
      // a delivery user still lists every route
      expect(await readWholeList<Json>(list(path, freshEli), 'shipments')).toHaveLength(6);
    },
  );

  test('When the driver filter is combined with status and q, Then all of them apply', async () => {
    const read = (query: Record<string, string>) =>
      readWholeList<Json>(list('/api/admin/shipment-summaries', freshDana), 'shipments', query);
    expect(names(await read({ driver: 'me', status: 'in_progress' }))).toEqual(['Dana one']);
    expect(names(await read({ driver: 'me', status: 'ready' }))).toEqual(['Dana three', 'Dana two']);
    expect(names(await read({ driver: 'me', q: 'South Shutters' }))).toEqual(['Dana one', 'Dana two']);
    expect(names(await read({ driver: 'none', q: 'North' }))).toEqual(['Open two']);
  });

  test('When the summaries are read, Then each card has its driver, progress and next stop and no orders or route', async () => {
    const cards = await readWholeList<Json>(list('/api/admin/shipment-summaries', fresh.admin), 'shipments');
    const card = cards.find((one) => one.shipment_name === 'Dana one');
    const full = byName['Dana one'] as Json;
    expect(card).toMatchObject({
      shipment_id: full.shipment_id,
      driver: { email: DANA.email, full_name: DANA.full_name },
      status: 'IN PROGRESS',
      total_orders: 2,
      delivery_stats: { total_stops: 2, delivered_orders: 1, shipped_orders: 0 },
      total_miles: full.total_miles,
      departed_at: expect.any(String),
      next_stop: {
        stop_number: 2,
        business_name: full.route[1].business_name,
        full_address: full.route[1].full_address,
      },
    });
    for (const key of ['orders', 'route', 'route_links']) expect(card).not.toHaveProperty(key);
    const open = cards.find((one) => one.shipment_name === 'Open one');
    expect(open).toMatchObject({ driver: null, departed_at: null, next_stop: { stop_number: 1 } });
  });

  test('When the summaries are read in pages, Then the pages concatenate to the whole list for each sort and filter', async () => {
    for (const [auth, query] of [
      [fresh.admin, {}],
      [fresh.admin, { sort: 'status' }],
      [freshDana, { driver: 'me' }],
      [freshDana, { driver: 'me', sort: '-status' }],
      [fresh.admin, { driver: 'none' }],
    ] as [Auth, Record<string, string>][]) {
      const whole = await readWholeList<Json>(list('/api/admin/shipment-summaries', auth), 'shipments', query);
      const paged = await readAllPages<Json>(list('/api/admin/shipment-summaries', auth), 'shipments', query, 2);
      expect(paged.rows.map((row) => row.shipment_id)).toEqual(whole.map((row) => row.shipment_id));
      expect(new Set(paged.totals)).toEqual(new Set([whole.length]));
    }
  });

  test("When a cursor of one driver's list is used for another filter, Then 400", async () => {
    const first = await list('/api/admin/shipment-summaries', freshDana)({ driver: 'me', limit: 1 });
    expect(first.status).toBe(200);
    const other = await list(
      '/api/admin/shipment-summaries',
      freshDana,
    )({
      driver: 'none',
      limit: 1,
      cursor: first.body.next_cursor,
    });
    expect(other.status).toBe(400);
  });
});

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
function nodesOf(plan: Json): Json[] {
  return [plan, ...((plan.Plans as Json[] | undefined) ?? []).flatMap(nodesOf)];
}

describe('the driver filter on 50,000 shipments', () => {
  let big: TestShipping;
  let manager: EntityManager;

  beforeAll(async () => {
    big = await startShipping('shipping_driver_explain');
    manager = big.shipping.service.ctx.db.manager;
    // 20 regular drivers taking turns; one route in 1,000 nobody drives, and one in 1,000 is a new driver's
    // (where reading the newest-first index and filtering would read most of it)
    await manager.query(`INSERT INTO shipments (shipment_id, shipment_name, created_at, driver_email, driver_name)
      SELECT 'S' || lpad(i::text, 6, '0'), 'Route ' || i, '2024-01-01'::timestamptz + i * interval '2 minutes',
             d.email, CASE WHEN d.email IS NULL THEN NULL ELSE 'Driver ' || d.email END
        FROM generate_series(1, 50000) i,
             LATERAL (SELECT CASE WHEN i % 1000 = 0 THEN NULL WHEN i % 1000 = 500 THEN 'rare@example.com'
                                  ELSE 'driver' || (i % 20) || '@example.com' END AS email) d`);
    await manager.query('ANALYZE shipments');
  }, 120_000);
  afterAll(() => big?.stop());

  /** The plan of the page query listShipments runs (its count answered without running). */
  async function pagePlan(filter: Parameters<typeof listShipments>[1], request: Parameters<typeof listShipments>[2]) {
    const found: Json[] = [];
    const explaining = {
      query: async (sql: string, params: unknown[]) => {
        if (sql.startsWith('SELECT count(')) return [{ n: '0' }];
        const [row] = await manager.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
        found.push(row['QUERY PLAN'][0].Plan);
        return [];
      },
    } as unknown as EntityManager;
    await listShipments(explaining, filter, request);
    expect(found).toHaveLength(1);
    return nodesOf(found[0] as Json);
  }

  function expectFromIndex(nodes: Json[], index: string) {
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name'])).toEqual([]);
    expect(nodes.filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
    expect(nodes.map((node) => node['Index Name'])).toContain(index);
  }

  test("When a driver's routes or the unassigned ones are paged, Then the page is read from the driver indexes without a sort", async () => {
    const driver = 'rare@example.com';
    expectFromIndex(await pagePlan({ driver }, { limit: 20 }), 'shipments_driver_idx');
    expectFromIndex(await pagePlan({ driver: null }, { limit: 20 }), 'shipments_unassigned_idx');
    expectFromIndex(await pagePlan({ driver }, { limit: 20, sort: 'status' }), 'shipments_driver_status_idx');
    expectFromIndex(await pagePlan({ driver, statuses: ['READY'] }, { limit: 20 }), 'shipments_driver_status_idx');
    // a regular driver's page needs no sort either, whichever index the planner reads
    const regular = await pagePlan({ driver: 'driver7@example.com' }, { limit: 50 });
    expect(regular.filter((node) => node['Node Type'] === 'Sort')).toEqual([]);

    const page = await listShipments(manager, { driver }, { limit: 20 });
    expect(page.page?.total).toBe(50);
    expect(page.rows.map((row) => row.shipment_id).slice(0, 2)).toEqual(['S049500', 'S048500']);
    const none = await listShipments(manager, { driver: null }, { limit: 20 });
    expect(none.page?.total).toBe(50);
    expect(none.rows.map((row) => row.shipment_id).slice(0, 2)).toEqual(['S050000', 'S049000']);
  });
});
