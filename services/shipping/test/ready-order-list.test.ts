import { DealerCreated } from '@portal/contracts';
import { newDealerSnapshot, readAllPages, readWholeList } from '@portal/platform/testing';
import { startShipping, type TestShipping } from './support/shipping';

/**
 * GET /api/admin/ready-to-ship-orders in pages (issue 18): without parameters every confirmed order in no
 * shipment, oldest first, as before; with limit/cursor keyset pages that concatenate to it for every sort,
 * filtered by state and dealer and searched by q.
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely in assertions
type Json = Record<string, any>;

const PATH = '/api/admin/ready-to-ship-orders';
let t: TestShipping;
const api = () => t.api();
const db = () => t.shipping.service.ctx.db;

/** name, city, state; two dealers share a name, one has no name at all (it sorts last) */
const DEALERS: [string | null, string, string][] = [
  ['Gulf Blinds', 'Miami', 'FL'],
  ['Prairie Shades', 'Wichita', 'KS'],
  ['Gulf Blinds', 'Tampa', 'FL'],
  ['Mesa 100% Shutters', 'Phoenix', 'AZ'],
  [null, 'Austin', 'TX'],
];
let dealerIds: string[] = [];

async function newDealer([businessName, city, state]: [string | null, string, string]): Promise<string> {
  const snapshot = newDealerSnapshot({ business_name: businessName ?? undefined, city, state, address: '1 Main St' });
  if (businessName === null) snapshot.business_name = null;
  await t.deliver(DealerCreated, snapshot.dealer_id, snapshot, { producer: 'dealer' });
  return snapshot.dealer_id;
}

const list = (query: Record<string, string | number> = {}, auth = t.admin) => api().get(PATH).query(query).set(auth);

const whole = (query: Record<string, string> = {}) => readWholeList<Json>(list, 'orders', query);

/** Every page of a list, read with `limit`, following next_cursor to the end. */
const pages = (query: Record<string, string>, limit: number, auth = t.admin) =>
  readAllPages<Json>((q) => list(q, auth), 'orders', query, limit);

const ids = (rows: readonly Json[]) => rows.map((row) => row.order_id as string);

beforeAll(async () => {
  t = await startShipping('shipping_ready_list');
  dealerIds = [];
  for (const dealer of DEALERS) dealerIds.push(await newDealer(dealer));
  for (let i = 0; i < 17; i++) await t.newOrder(dealerIds[i % dealerIds.length] as string);
  // neither a pending order nor one already in a shipment is ready
  await t.newOrder(dealerIds[0] as string, { status: 'pending' });
  const shipped = await t.newOrder(dealerIds[1] as string);
  await api()
    .post('/api/admin/create-shipment')
    .set(t.admin)
    .send({ order_ids: [shipped] })
    .expect(200);
});
afterAll(() => t?.stop());

describe('GET /api/admin/ready-to-ship-orders without parameters', () => {
  test('When no parameter is given, Then every ready order comes oldest first as before, without next_cursor or total', async () => {
    const rows = await whole();
    const stored: { order_id: string }[] = await db().query(
      `SELECT order_id FROM known_orders o WHERE status = 'confirmed'
          AND NOT EXISTS (SELECT 1 FROM shipment_orders s WHERE s.order_id = o.order_id)
        ORDER BY coalesce(created_at, changed_at), order_id`,
    );
    expect(rows).toHaveLength(17);
    expect(ids(rows)).toEqual(stored.map((row) => row.order_id));
  });
});

describe('GET /api/admin/ready-to-ship-orders in pages', () => {
  test.each(['created_at', '-created_at', 'dealer_business_name', '-dealer_business_name'])(
    'When the list sorted by %s is read in pages of 4, Then the pages concatenate to the whole list sorted so',
    async (sort) => {
      const all = await whole({ sort });
      expect(all).toHaveLength(17);
      const { rows, totals } = await pages({ sort }, 4);
      expect(rows).toEqual(all);
      expect(new Set(totals)).toEqual(new Set([17]));
      if (sort.endsWith('dealer_business_name')) {
        const names = all.map((row) => row.dealer_business_name as string | null);
        const named = names.filter((name) => name !== null);
        const sorted = [...named].sort((a, b) => a.localeCompare(b));
        // PostgreSQL's order: no name last ascending, first descending
        expect(names).toEqual(
          sort.startsWith('-') ? [null, null, null, ...sorted.reverse()] : [...sorted, null, null, null],
        );
      }
    },
  );

  test('When no sort is given, Then the pages follow the default order, oldest first', async () => {
    const { rows } = await pages({}, 5);
    expect(rows).toEqual(await whole());
    expect(rows).toEqual(await whole({ sort: 'created_at' }));
  });

  test('When an order becomes ready between two page reads, Then no order repeats and none is skipped', async () => {
    for (const sort of ['created_at', '-created_at', 'dealer_business_name']) {
      const before = await whole({ sort });
      const first = await list({ sort, limit: 5 });
      const added = await t.newOrder(dealerIds[1] as string);
      const seen: Json[] = [...first.body.orders];
      let cursor: string | null = first.body.next_cursor;
      while (cursor) {
        const res = await list({ sort, limit: 5, cursor });
        expect(res.status).toBe(200);
        expect(res.body.total).toBe(before.length);
        seen.push(...res.body.orders);
        cursor = res.body.next_cursor;
      }
      const seenIds = ids(seen);
      expect(new Set(seenIds).size).toBe(seenIds.length);
      expect(seenIds.filter((id) => id !== added)).toEqual(ids(before));
      await db().query('DELETE FROM known_orders WHERE order_id = $1', [added]);
    }
  });
});

describe('GET /api/admin/ready-to-ship-orders filtered and searched', () => {
  test('When states are given, Then only orders of dealers in those states come, in pages too', async () => {
    const everything = await whole();
    for (const state of ['FL', 'KS,AZ', 'NY']) {
      const expected = everything.filter((row) => state.split(',').includes(row.dealer_state));
      expect(await whole({ state })).toEqual(expected);
      expect((await pages({ state }, 3)).rows).toEqual(expected);
    }
  });

  test('When a dealer is given, Then only its orders come, in pages too', async () => {
    const everything = await whole();
    const dealer = dealerIds[2] as string;
    const expected = everything.filter((row) => row.dealer_id === dealer);
    expect(expected.length).toBeGreaterThan(0);
    expect(await whole({ dealer_id: dealer })).toEqual(expected);
    const { rows, totals } = await pages({ dealer_id: dealer, sort: '-created_at' }, 2);
    expect(rows).toEqual([...expected].reverse());
    expect(totals[0]).toBe(expected.length);
  });

  const matches = (row: Json, q: string) =>
    [row.order_number, row.dealer_business_name, row.dealer_city, row.dealer_state].some((text) =>
      String(text ?? '')
        .toLowerCase()
        .includes(q.toLowerCase()),
    );

  test.each([
    ['a business name, in any case', 'GULF'],
    ['a city', 'wichi'],
    ['a state', 'az'],
    ['a literal %', '0% S'],
  ])('When q is %s, Then exactly the orders it names come, in pages too', async (_what, q) => {
    const everything = await whole();
    const expected = everything.filter((row) => matches(row, q));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(everything.length);
    expect(await whole({ q })).toEqual(expected);
    expect((await pages({ q }, 2)).rows).toEqual(expected);
  });

  test('When q is an order number, Then that order comes; q, state and dealer combine', async () => {
    const everything = await whole();
    const target = everything[6] as Json;
    expect(ids(await whole({ q: (target.order_number as string).toLowerCase() }))).toEqual([target.order_id]);
    const combined = everything.filter((row) => matches(row, 'gulf') && row.dealer_state === 'FL');
    expect(await whole({ q: 'gulf', state: 'FL,KS' })).toEqual(combined);
    expect(await whole({ q: 'gulf', dealer_id: dealerIds[1] as string })).toEqual([]);
  });
});

describe('GET /api/admin/ready-to-ship-orders refuses bad parameters', () => {
  test.each([
    [{ limit: '0' }, 'limit: must be a whole number from 1 to 200'],
    [{ limit: '1.5' }, 'limit: must be a whole number from 1 to 200'],
    [{ sort: 'total_value' }, 'sort: must be one of'],
    [{ q: 'x'.repeat(201) }, 'q: must be at most 200 characters'],
    [{ dealer_id: ' ' }, 'dealer_id: '],
    [{ cursor: 'eyJ2IjoxfQ' }, 'cursor: must be the next_cursor of the previous page'],
    [{ status: 'confirmed' }, 'Unknown parameter "status"'],
  ])('When the query is %j, Then 400 names the parameter', async (query, detail) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(detail);
  });

  test('When a cursor of another sort or filter is sent, Then 400 names the cursor', async () => {
    const cursor = (await list({ limit: 2 })).body.next_cursor as string;
    for (const query of [{ sort: 'dealer_business_name' }, { state: 'FL' }, { q: 'gulf' }] as Record<
      string,
      string
    >[]) {
      const res = await list({ ...query, limit: 2, cursor });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^cursor: /);
    }
  });
});
