/**
 * A dealer's geocoding history in pages (issue 18): without parameters the newest 500 as before; with `limit`
 * pages that concatenate to the same answer for each sort and never repeat or skip an entry recorded between
 * two reads; bad parameters refused naming them.
 */
import { startGeocoding, type TestGeocoding } from './support/geocoding';

let t: TestGeocoding;
let dealerId: string;
const path = () => `/api/admin/geocoding-history/${dealerId}`;

beforeAll(async () => {
  t = await startGeocoding('geocoding_history_pages');
  dealerId = (await t.newDealer()).dealer_id;
  for (let i = 0; i < 11; i++) await override(30 + i / 100);
});
afterAll(() => t?.stop());

async function override(lat: number) {
  const res = await t
    .api()
    .post(`/api/admin/manual-coordinate-override/${dealerId}`)
    .set(t.admin)
    .send({ lat, lng: -97.7, notes: `override ${lat}` });
  expect(res.status).toBe(200);
}

const get = (query: Record<string, string | number> = {}) => t.api().get(path()).query(query).set(t.admin);

async function unpaged(query: Record<string, string> = {}) {
  const res = await get(query);
  expect(res.status).toBe(200);
  expect(res.body).not.toHaveProperty('next_cursor');
  return res.body.history.map((e: { id: string }) => e.id) as string[];
}

async function allPages(query: Record<string, string | number>) {
  const ids: string[] = [];
  const totals = new Set<number>();
  let cursor: string | undefined;
  do {
    const res = await get({ ...query, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    ids.push(...res.body.history.map((e: { id: string }) => e.id));
    totals.add(res.body.total);
    cursor = res.body.next_cursor ?? undefined;
  } while (cursor);
  return { ids, totals: [...totals] };
}

describe('geocoding history in pages', () => {
  test('When called without parameters, Then every entry newest first, as before', async () => {
    const ids = await unpaged();
    expect(ids).toHaveLength(12); // the geocode of dealer.created, then 11 overrides
    expect(ids).toEqual([...ids].sort((a, b) => Number(b) - Number(a)));
  });

  test.each(['', 'occurred_at', '-occurred_at'])(
    'When paged 5 at a time with sort "%s", Then the pages concatenate to the unpaged answer',
    async (sort) => {
      const query: Record<string, string> = sort ? { sort } : {};
      const whole = await unpaged(query);
      const { ids, totals } = await allPages({ ...query, limit: 5 });
      expect(ids).toEqual(whole);
      expect(totals).toEqual([whole.length]);
    },
  );

  test('When sorted by occurred_at, Then oldest first', async () => {
    const res = await get({ sort: 'occurred_at' });
    const times = res.body.history.map((e: { occurred_at: string }) => e.occurred_at);
    expect(times).toEqual([...times].sort());
  });

  test('When an entry is recorded between two page reads, Then no entry repeats and none is skipped', async () => {
    for (const sort of ['-occurred_at', 'occurred_at']) {
      const before = await unpaged({ sort });
      const first = await get({ limit: 4, sort });
      const seen: string[] = first.body.history.map((e: { id: string }) => e.id);
      await override(31.5);
      let cursor = first.body.next_cursor as string | null;
      while (cursor) {
        const page = await get({ limit: 4, sort, cursor });
        seen.push(...page.body.history.map((e: { id: string }) => e.id));
        cursor = page.body.next_cursor;
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((id) => before.includes(id))).toEqual(before);
    }
  });

  test('When a dealer has more than 500 entries, Then without a page the newest 500; pages reach every one', async () => {
    const db = t.geo.service.ctx.db;
    await db.query(
      `INSERT INTO geocoding_history (dealer_id, action, actor, status, lat, lng)
       SELECT $1, 'geocode', 'test', 'ok', 30, -97 FROM generate_series(1, 520)`,
      [dealerId],
    );
    const [{ n }] = await db.query('SELECT count(*)::int AS n FROM geocoding_history WHERE dealer_id = $1', [dealerId]);
    const newest = await unpaged();
    expect(newest).toHaveLength(500);
    const { ids, totals } = await allPages({ limit: 200 });
    expect(ids.slice(0, 500)).toEqual(newest);
    expect(ids).toHaveLength(n);
    expect(totals).toEqual([n]);
  });

  test.each([
    [{ limit: '0' }, /^limit: /],
    [{ limit: 'many' }, /^limit: /],
    [{ sort: 'action' }, /^sort: must be one of occurred_at, -occurred_at$/],
    [{ q: 'repair' }, /^Unknown parameter "q"$/],
    [{ cursor: 'garbage' }, /^cursor: /],
  ])('When asked with %j, Then 400 naming the parameter', async (query, detail) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });

  test('When a cursor of one sort comes back with another, Then 400 naming the cursor', async () => {
    const { next_cursor } = (await get({ limit: 2 })).body;
    const res = await get({ limit: 2, sort: 'occurred_at', cursor: next_cursor });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^cursor: /);
  });
});
