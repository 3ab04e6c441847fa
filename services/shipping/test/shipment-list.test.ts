import { DealerCreated } from '@portal/contracts';
import { newDealerSnapshot, readAllPages, readWholeList } from '@portal/platform/testing';
import type { EntityManager } from 'typeorm';
import { listShipments } from '../src/data/shipments';
import { startShipping, type TestShipping } from './support/shipping';

/**
 * GET /api/admin/shipments in pages (issue 18): without parameters the whole list newest first, as before; with
 * limit/cursor keyset pages that concatenate to it for every sort, filtered by status and searched by q.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely in assertions
type Json = Record<string, any>;

const PATH = '/api/admin/shipments';
let t: TestShipping;
const api = () => t.api();
const db = () => t.shipping.service.ctx.db;

/** The dealers of the shipments, by name (names holding % and _, and names they would match unescaped). */
const DEALERS = ['Gulf Blinds', 'Prairie 10 Shades', 'Mesa 100% Shutters', 'Harbor_Arches', 'Broad Pine Blinds'];
let dealerIds: string[] = [];

async function newDealer(businessName: string, state: string): Promise<string> {
  const snapshot = newDealerSnapshot({ business_name: businessName, city: 'Springfield', state, address: '1 Main St' });
  await t.deliver(DealerCreated, snapshot.dealer_id, snapshot, { producer: 'dealer' });
  return snapshot.dealer_id;
}

async function newShipment(name: string, dealers: readonly string[]): Promise<Json> {
  const orderIds = [];
  for (const dealer of dealers) orderIds.push(await t.newOrder(dealer));
  const res = await api()
    .post('/api/admin/create-shipment')
    .set(t.admin)
    .send({ order_ids: orderIds, shipment_name: name });
  expect(res.status).toBe(200);
  return res.body.shipment as Json;
}

const deliver = (shipmentId: string, orderId: string) =>
  api()
    .post(`/api/admin/shipment/${shipmentId}/update-order-status`)
    .set(t.delivery)
    .send({ order_id: orderId, status: 'delivered' })
    .expect(200);

const list = (query: Record<string, string | number> = {}, auth = t.admin) => api().get(PATH).query(query).set(auth);

const whole = (query: Record<string, string> = {}) => readWholeList<Json>(list, 'shipments', query);

/** Every page of a list, read with `limit`, following next_cursor to the end. */
const pages = (query: Record<string, string>, limit: number, auth = t.admin) =>
  readAllPages<Json>((q) => list(q, auth), 'shipments', query, limit);

const ids = (rows: readonly Json[]) => rows.map((row) => row.shipment_id as string);

beforeAll(async () => {
  t = await startShipping('shipping_shipment_list');
  dealerIds = [];
  for (const [i, name] of DEALERS.entries()) dealerIds.push(await newDealer(name, i % 2 ? 'KS' : 'FL'));
  const [gulf, prairie, mesa, harbor, pine] = dealerIds as [string, string, string, string, string];
  const made: Json[] = [];
  const routes = [[gulf], [prairie, mesa], [harbor], [pine, gulf], [mesa], [prairie], [harbor, pine, gulf]];
  for (let i = 0; i < 14; i++)
    made.push(await newShipment(i % 4 === 0 ? `Spring run ${i}` : `Route ${i}`, routes[i % routes.length] ?? []));
  // every order of three shipments delivered (COMPLETED), one of two more (IN PROGRESS), the rest READY
  for (const shipment of [made[1], made[5], made[9]])
    for (const order of shipment?.orders ?? []) await deliver(shipment?.shipment_id, order.order_id);
  for (const shipment of [made[3], made[6]]) await deliver(shipment?.shipment_id, shipment?.orders[0].order_id);
});
afterAll(() => t?.stop());

describe('GET /api/admin/shipments without parameters', () => {
  test('When no parameter is given, Then every shipment comes newest first as before, without next_cursor or total', async () => {
    const rows = await whole();
    const stored: { shipment_id: string }[] = await db().query(
      'SELECT shipment_id FROM shipments ORDER BY created_at DESC, shipment_id DESC',
    );
    expect(ids(rows)).toEqual(stored.map((row) => row.shipment_id));
    expect(rows).toHaveLength(14);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        'shipment_id',
        'shipment_name',
        'created_at',
        'total_orders',
        'delivery_stats',
        'route',
        'orders',
        'status',
        'route_mode',
        'route_links',
        'total_miles',
        'driver',
        'departed_at',
        'next_stop',
      ].sort(),
    );
  });

  test('When orders are delivered or leave a shipment, Then the status the list filters by is the status it shows', async () => {
    const shipment = await newShipment('Leaving run', [dealerIds[0] as string, dealerIds[1] as string]);
    const [kept, leaving] = shipment.orders as Json[];
    await deliver(shipment.shipment_id, kept?.order_id);
    // the order service takes the other order back: it leaves, and the shipment is all delivered
    await t.updateOrder(leaving?.order_id, leaving?.dealer_id, 'confirmed', 'in_shipment');
    const rows = await whole();
    const stored: { shipment_id: string; status: string; order_count: number }[] = await db().query(
      'SELECT shipment_id, status, order_count FROM shipments',
    );
    const storedById = new Map(stored.map((row) => [row.shipment_id, row]));
    for (const row of rows) {
      expect(storedById.get(row.shipment_id)?.status).toBe(row.status);
      expect(storedById.get(row.shipment_id)?.order_count).toBe(row.total_orders);
    }
    expect(rows.find((row) => row.shipment_id === shipment.shipment_id)?.status).toBe('COMPLETED');
    const completed = await whole({ status: 'completed' });
    expect(ids(completed)).toContain(shipment.shipment_id);
    // the stores stay as the other tests read them
    await db().query('DELETE FROM shipments WHERE shipment_id = $1', [shipment.shipment_id]);
  });
});

describe('GET /api/admin/shipments in pages', () => {
  test.each(['created_at', '-created_at', 'status', '-status'])(
    'When the list sorted by %s is read in pages of 4, Then the pages concatenate to the whole list sorted so',
    async (sort) => {
      const all = await whole({ sort });
      expect(all).toHaveLength(14);
      const { rows, totals } = await pages({ sort }, 4);
      expect(rows).toEqual(all);
      expect(totals).toEqual([14, 14, 14, 14]);
      if (sort.endsWith('status')) {
        const statuses = all.map((row) => row.status as string);
        const sorted = [...statuses].sort();
        expect(statuses).toEqual(sort.startsWith('-') ? sorted.reverse() : sorted);
      }
    },
  );

  test('When no sort is given, Then the pages follow the default order, newest first', async () => {
    const { rows } = await pages({}, 5);
    expect(rows).toEqual(await whole());
    expect(rows).toEqual(await whole({ sort: '-created_at' }));
  });

  test('When a delivery user pages the list, Then it gets the same pages', async () => {
    const { rows } = await pages({}, 6, t.delivery);
    expect(rows).toEqual(await whole());
  });

  test('When a shipment is created between two page reads, Then no shipment repeats and none is skipped', async () => {
    for (const sort of ['-created_at', 'created_at', 'status']) {
      const before = await whole({ sort });
      const first = await list({ sort, limit: 5 });
      const added = await newShipment(`Added while paging ${sort}`, [dealerIds[2] as string]);
      let cursor: string | null = first.body.next_cursor;
      const seen: Json[] = [...first.body.shipments];
      while (cursor) {
        const res = await list({ sort, limit: 5, cursor });
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(before.length); // counted when the first page was read
        seen.push(...res.body.shipments);
        cursor = res.body.next_cursor;
      }
      const seenIds = ids(seen);
      expect(new Set(seenIds).size).toBe(seenIds.length);
      expect(seenIds.filter((id) => id !== added.shipment_id)).toEqual(ids(before));
      // newest: after the pages read when sorted oldest first (or READY, then newest), before them otherwise
      expect(seenIds.includes(added.shipment_id)).toBe(sort !== '-created_at');
      await db().query('DELETE FROM shipments WHERE shipment_id = $1', [added.shipment_id]);
    }
  });
});

describe('GET /api/admin/shipments filtered and searched', () => {
  test.each([
    ['ready', ['READY']],
    ['in_progress', ['IN PROGRESS']],
    ['completed', ['COMPLETED']],
    ['ready,completed', ['READY', 'COMPLETED']],
    ['in_progress, completed,in_progress', ['IN PROGRESS', 'COMPLETED']],
  ])(
    'When the status filter is %s, Then exactly the shipments of those statuses come, in pages too',
    async (filter, statuses) => {
      const everything = await whole();
      const expected = everything.filter((row) => statuses.includes(row.status));
      expect(expected.length).toBeGreaterThan(0);
      const filtered = await whole({ status: filter });
      expect(filtered).toEqual(expected);
      const { rows, totals } = await pages({ status: filter }, 2);
      expect(rows).toEqual(expected);
      expect(totals.every((total) => total === expected.length)).toBe(true);
      const bySort = await pages({ status: filter, sort: 'status' }, 3);
      expect(bySort.rows).toEqual(await whole({ status: filter, sort: 'status' }));
    },
  );

  const matches = (row: Json, q: string) =>
    [row.shipment_id, row.shipment_name, ...row.route.map((stop: Json) => stop.business_name)].some((text) =>
      String(text).toLowerCase().includes(q.toLowerCase()),
    );

  test.each([
    ['a shipment name, in any case', 'SPRING RUN'],
    ['a dealer on the route', 'prairie 10'],
    ['a literal % of a dealer name', '0% s'],
    ['a literal _ of a dealer name', 'r_a'],
  ])('When q is %s, Then exactly the shipments it names come, in pages too', async (_what, q) => {
    const everything = await whole();
    const expected = everything.filter((row) => matches(row, q));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(everything.length);
    expect(await whole({ q })).toEqual(expected);
    const { rows, totals } = await pages({ q }, 2);
    expect(rows).toEqual(expected);
    expect(totals[0]).toBe(expected.length);
  });

  test('When q is part of a shipment id, Then that shipment comes; a blank q searches nothing', async () => {
    const everything = await whole();
    const target = everything[3] as Json;
    const fragment = (target.shipment_id as string).slice(9, 18);
    expect(ids(await whole({ q: fragment }))).toEqual([target.shipment_id]);
    expect(await whole({ q: '   ' })).toEqual(everything);
    expect(await whole({ q: 'no such shipment anywhere' })).toEqual([]);
  });

  test('When q and a status are combined, Then both apply', async () => {
    const everything = await whole();
    const expected = everything.filter((row) => matches(row, 'gulf') && row.status === 'READY');
    expect(expected.length).toBeGreaterThan(0);
    const { rows } = await pages({ q: 'gulf', status: 'ready' }, 2);
    expect(rows).toEqual(expected);
  });
});

describe('GET /api/admin/shipments refuses bad parameters', () => {
  test.each([
    [{ limit: '0' }, 'limit: must be a whole number from 1 to 200'],
    [{ limit: '201' }, 'limit: must be a whole number from 1 to 200'],
    [{ limit: 'ten' }, 'limit: must be a whole number from 1 to 200'],
    [{ sort: 'name' }, 'sort: must be one of'],
    [{ status: 'shipped' }, 'status: "shipped" is not one of ready, in_progress, completed'],
    [{ status: 'READY' }, 'status: "READY" is not one of'],
    [{ q: 'x'.repeat(201) }, 'q: must be at most 200 characters'],
    [{ cursor: 'not-a-cursor' }, 'cursor: must be the next_cursor of the previous page'],
    [{ page: '2' }, 'Unknown parameter "page"'],
  ])('When the query is %j, Then 400 names the parameter', async (query, detail) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });

  test('When a cursor of another sort or filter is sent, Then 400 names the cursor', async () => {
    const first = await list({ limit: 2 });
    const cursor = first.body.next_cursor as string;
    for (const query of [{ sort: 'status' }, { status: 'ready' }, { q: 'run' }] as Record<string, string>[]) {
      const res = await list({ ...query, limit: 2, cursor });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^cursor: /);
    }
  });

  test('When a dealer asks, Then 403 whatever the parameters', async () => {
    expect((await list({ limit: 5 }, t.dealer)).status).toBe(403);
  });
});

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
function nodesOf(plan: Json): Json[] {
  return [plan, ...((plan.Plans as Json[] | undefined) ?? []).flatMap(nodesOf)];
}

describe('GET /api/admin/shipments on 50,000 shipments', () => {
  let big: TestShipping;
  let manager: EntityManager;

  beforeAll(async () => {
    big = await startShipping('shipping_shipment_explain');
    manager = big.shipping.service.ctx.db.manager;
    // years of shipments, two orders each: all delivered but for the newest thousand, where a third of the
    // orders are delivered (READY, IN PROGRESS and COMPLETED mixed, as on a working day)
    await manager.query(`INSERT INTO known_dealers (dealer_id, business_name, city, state, fields_changed_at)
      SELECT 'D' || i, 'Dealer ' || md5(i::text), 'City ' || (i % 300), 'TX', now() FROM generate_series(1, 100000) i`);
    await manager.query(`INSERT INTO known_orders (order_id, dealer_id, status, total_cents, items, created_at, changed_at)
      SELECT 'O' || i, 'D' || (i % 100000 + 1),
             CASE WHEN i <= 98000 OR i % 3 = 0 THEN 'delivered' ELSE 'in_shipment' END,
             1000, '[]', '2024-01-01'::timestamptz + i * interval '1 minute', now()
        FROM generate_series(1, 100000) i`);
    await manager.query(`INSERT INTO shipments (shipment_id, shipment_name, created_at)
      SELECT 'S' || lpad(i::text, 6, '0'), 'Route ' || left(md5(i::text), 10),
             '2024-01-01'::timestamptz + i * interval '2 minutes'
        FROM generate_series(1, 50000) i`);
    await manager.query(`INSERT INTO shipment_orders (shipment_id, order_id, position)
      SELECT 'S' || lpad(((i - 1) / 2 + 1)::text, 6, '0'), 'O' || i, (i - 1) % 2 + 1 FROM generate_series(1, 100000) i`);
    await manager.query('ANALYZE');
  }, 120_000);
  afterAll(() => big?.stop());

  /** The plan of the page query listShipments runs for a request (not of the first page's count). */
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

  /** No scan of a whole table, no sort: the page is read from `index` in its order. */
  function expectFromIndex(nodes: Json[], index: string) {
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name'])).toEqual([]);
    expect(nodes.filter((node) => node['Node Type'] === 'Sort')).toEqual([]);
    expect(nodes.map((node) => node['Index Name'])).toContain(index);
  }

  test('When the stores hold 50,000 shipments, Then the counts kept by the triggers match their orders', async () => {
    const [row] = await manager.query(`SELECT count(*)::int AS wrong FROM shipments s
      WHERE s.order_count <> (SELECT count(*) FROM shipment_orders so WHERE so.shipment_id = s.shipment_id)
         OR s.delivered_count <> (SELECT count(*) FROM shipment_orders so JOIN known_orders o USING (order_id)
                                   WHERE so.shipment_id = s.shipment_id AND o.status = 'delivered')`);
    expect(row.wrong).toBe(0);
    const statuses = await manager.query('SELECT status, count(*)::int AS n FROM shipments GROUP BY status ORDER BY 1');
    expect(statuses.map((s: Json) => s.status)).toEqual(['COMPLETED', 'IN PROGRESS', 'READY']);
  });

  test('When the first page is read, Then it comes from the newest-first index without a sort', async () => {
    expectFromIndex(await pagePlan({}, { limit: 50 }), 'shipments_newest_idx');
    expectFromIndex(await pagePlan({}, { limit: 50, sort: 'status' }), 'shipments_status_idx');
  });

  test('When a page of one status is read, newest first or by status, Then it comes from the status index', async () => {
    expectFromIndex(await pagePlan({ statuses: ['READY'] }, { limit: 50 }), 'shipments_status_idx');
    expectFromIndex(
      await pagePlan({ statuses: ['IN PROGRESS'] }, { limit: 50, sort: '-status' }),
      'shipments_status_idx',
    );
    const ready = await listShipments(manager, { statuses: ['READY'] }, { limit: 50 });
    expect(ready.page?.total).toBeGreaterThan(50);
    expect(ready.rows.every((row) => row.shipment_id > 'S049000')).toBe(true);
  });

  test('When a page 40,000 rows deep is read by cursor, Then it starts in the index at the cursor', async () => {
    let cursor: string | undefined;
    for (let read = 0; read < 40_000; read += 200) {
      const page = await listShipments(manager, {}, { limit: 200, cursor });
      cursor = page.page?.next_cursor ?? undefined;
    }
    expect(cursor).toBeDefined();
    const nodes = await pagePlan({}, { limit: 50, cursor });
    expectFromIndex(nodes, 'shipments_newest_idx');
    const scan = nodes.find((node) => node['Index Name'] === 'shipments_newest_idx');
    expect(scan?.['Index Cond']).toContain('created_at');
    const deep = await listShipments(manager, {}, { limit: 50, cursor });
    expect(deep.rows[0]?.shipment_id).toBe('S010000');
  });

  test('When a page is searched (100,000 dealers), Then the matches come from the trigram indexes, never a scan of a table', async () => {
    const [{ q }] = await manager.query("SELECT substr(md5('4242'), 2, 7) AS q");
    const nodes = await pagePlan({ q }, { limit: 50 });
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name'])).toEqual([]);
    expect(nodes.map((node) => node['Index Name'])).toEqual(
      expect.arrayContaining(['shipments_name_search_idx', 'known_dealers_name_search_idx']),
    );
    const expected: { shipment_id: string }[] = await manager.query(
      `SELECT s.shipment_id FROM shipments s WHERE s.shipment_name ILIKE $1 OR EXISTS (
         SELECT 1 FROM shipment_orders so JOIN known_orders o USING (order_id) JOIN known_dealers d USING (dealer_id)
          WHERE so.shipment_id = s.shipment_id AND d.business_name ILIKE $1)
       ORDER BY s.created_at DESC, s.shipment_id DESC`,
      [`%${q}%`],
    );
    expect(expected.map((row) => row.shipment_id)).toContain('S004242');
    const found = await listShipments(manager, { q }, { limit: 50 });
    expect(found.rows.map((row) => row.shipment_id)).toEqual(expected.map((row) => row.shipment_id));
  });
});
