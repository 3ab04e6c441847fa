/**
 * The incentive lists in pages (issue 18): dealer-performance, a program's achievements and the pending
 * notifications answer exactly as before without parameters, and with `limit` pages that concatenate to the
 * same answer for every sort, never repeat or skip a row added between two reads, filter, search, and refuse a
 * bad parameter naming it.
 */
import { DealerArchived } from '@portal/contracts';
import { isoDayIn } from '@portal/platform';
import { startIncentives, type TestIncentives } from './support/incentive';

let t: TestIncentives;
const dealers: { id: string; name: string; state: string; revenue: number }[] = [];
const STATES = ['TX', 'GA', 'OK', 'CA'];
const UNKNOWN_DEALER = `UNHEARD-${Date.now()}`;
let archived: string;

beforeAll(async () => {
  t = await startIncentives('incentive_lists');
  for (let i = 0; i < 24; i++) {
    const state = STATES[i % 4] as string;
    // two dealers share each business name from 20 on; the revenue repeats every 5 dealers (0 for one in 5)
    const name = i >= 20 ? 'Twin Blinds' : `${i % 2 ? 'Ridge' : 'Valley'} Blinds ${String(i).padStart(2, '0')}`;
    const id = await t.newDealer({ business_name: name, full_name: `Pat Contact${i}`, state });
    const revenue = (i % 5) * 100;
    if (revenue > 0) await t.placeOrder(id, [[1, revenue * 100]]);
    dealers.push({ id, name, state, revenue });
  }
  // a dealer whose dealer.created has not arrived: shown under its id, without a business name
  await t.placeOrder(UNKNOWN_DEALER, [[2, 5_000]]);
  archived = await t.newDealer({ business_name: 'Gone Blinds', state: 'TX' });
  await t.placeOrder(archived, [[1, 90_000]]);
  await t.publish(DealerArchived, archived, { dealer_id: archived, archived_at: new Date().toISOString() });
});
afterAll(() => t?.stop());

type Row = Record<string, unknown>;

const get = (path: string, query: Record<string, string | number> = {}) => t.api().get(path).query(query).set(t.admin);

/** Every page of a list, from the first, with the page's totals; fails on a page that is not 200. */
async function allPages(path: string, key: string, query: Record<string, string | number>, idOf = (r: Row) => r.id) {
  const ids: unknown[] = [];
  const totals = new Set<number>();
  let cursor: string | undefined;
  for (let n = 0; n < 100; n++) {
    const res = await get(path, { ...query, ...(cursor ? { cursor } : {}) });
    expect(res.status).toBe(200);
    ids.push(...res.body[key].map(idOf));
    totals.add(res.body.total);
    cursor = res.body.next_cursor ?? undefined;
    if (!cursor) return { ids, totals: [...totals] };
  }
  throw new Error('more than 100 pages');
}

async function unpaged(path: string, key: string, query: Record<string, string> = {}, idOf = (r: Row) => r.id) {
  const res = await get(path, query);
  expect(res.status).toBe(200);
  expect(res.body).not.toHaveProperty('next_cursor');
  expect(res.body).not.toHaveProperty('total');
  return (res.body[key] as Row[]).map(idOf);
}

const dealerIdOf = (r: Row) => r.dealer_id;

describe('dealer-performance', () => {
  const PATH = '/api/admin/dealer-performance';
  const SORTS = ['total_revenue', 'total_orders', 'total_items', 'avg_order_value', 'total_paid', 'business_name'];

  test('When called without parameters, Then every active dealer in the order the kept answer had: revenue highest first, ties by dealer id', async () => {
    // the order of the whole-list answer before paging, over the tables as they were (figures FULL JOIN dealers)
    const before: { dealer_id: string }[] = await t.service.service.ctx.db.query(
      `SELECT coalesce(f.dealer_id, d.dealer_id) AS dealer_id
       FROM dealer_figures f FULL JOIN dealers d ON d.dealer_id = f.dealer_id
       WHERE NOT coalesce(d.archived OR d.deleted, false)
       ORDER BY coalesce(f.revenue_cents, 0) DESC, 1`,
    );
    const ids = await unpaged(PATH, 'data', {}, dealerIdOf);
    expect(ids).toEqual(before.map((r) => r.dealer_id));
    expect(ids).toHaveLength(dealers.length + 1);
    expect(ids).toContain(UNKNOWN_DEALER);
    expect(ids).not.toContain(archived);
    const unknown = (await get(PATH)).body.data.find((r: Row) => r.dealer_id === UNKNOWN_DEALER);
    expect(unknown).toMatchObject({ business_name: null, dealer_name: UNKNOWN_DEALER, total_revenue: 100 });
  });

  test.each(['', ...SORTS.flatMap((s) => [s, `-${s}`])])(
    'When paged 7 at a time with sort "%s", Then the pages concatenate to the unpaged answer and carry its total',
    async (sort) => {
      const query: Record<string, string> = sort ? { sort } : {};
      const whole = await unpaged(PATH, 'data', query, dealerIdOf);
      const { ids, totals } = await allPages(PATH, 'data', { ...query, limit: 7 }, dealerIdOf);
      expect(ids).toEqual(whole);
      expect(totals).toEqual([whole.length]);
    },
  );

  test('When sorted by a column, Then the rows follow it (business names without a name last, ascending)', async () => {
    const res = await get(PATH, { sort: '-total_revenue' });
    const revenues = res.body.data.map((r: Row) => r.total_revenue as number);
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    const byName = (await get(PATH, { sort: 'business_name' })).body.data.map((r: Row) => r.business_name);
    expect(byName.at(-1)).toBeNull();
    const names = byName.slice(0, -1) as string[];
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  test('When a dealer gets orders between two page reads, Then no row repeats and none that existed is skipped', async () => {
    const before = await unpaged(PATH, 'data', {}, dealerIdOf);
    const first = await get(PATH, { limit: 5 });
    const seen: unknown[] = first.body.data.map(dealerIdOf);
    // one dealer jumps to the top (before the cursor), one new dealer lands after it
    await t.placeOrder(dealers[1]?.id as string, [[1, 1_000_000]]);
    const late = await t.newDealer({ business_name: 'Late Blinds', state: 'TX' });
    let cursor = first.body.next_cursor as string | null;
    while (cursor) {
      const page = await get(PATH, { limit: 5, cursor });
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map(dealerIdOf));
      cursor = page.body.next_cursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before.filter((id) => id !== dealers[1]?.id)) expect(seen).toContain(id);
    expect(seen).toContain(late);
  });

  test('When filtered by state, Then only dealers of those states, paged or not', async () => {
    const rows = (await get(PATH, { state: 'GA,OK' })).body.data as Row[];
    const want = dealers.filter((d) => d.state === 'GA' || d.state === 'OK').map((d) => d.id);
    expect(rows.map(dealerIdOf).sort()).toEqual(want.sort());
    const { ids, totals } = await allPages(
      PATH,
      'data',
      { state: 'GA,OK', limit: 4, sort: 'business_name' },
      dealerIdOf,
    );
    expect(ids).toEqual(await unpaged(PATH, 'data', { state: 'GA,OK', sort: 'business_name' }, dealerIdOf));
    expect(totals).toEqual([want.length]);
  });

  test.each([
    ['ridge', (d: { name: string }) => d.name.startsWith('Ridge')],
    ['LEY BLINDS 1', (d: { name: string }) => /^Valley Blinds 1/.test(d.name)],
    ['Contact17', (d: { name: string }) => d.name === 'Ridge Blinds 17'],
  ])('When searched for "%s" (business name, contact name), Then exactly the dealers that match', async (q, match) => {
    const want = dealers.filter(match).map((d) => d.id);
    expect(want.length).toBeGreaterThan(0);
    expect((await unpaged(PATH, 'data', { q }, dealerIdOf)).sort()).toEqual([...want].sort());
    const { ids, totals } = await allPages(PATH, 'data', { q, limit: 2 }, dealerIdOf);
    expect(ids).toEqual(await unpaged(PATH, 'data', { q }, dealerIdOf));
    expect(totals).toEqual([want.length]);
  });

  test('When searched by dealer id, or with wildcards or a newline, Then the text is found literally', async () => {
    expect(await unpaged(PATH, 'data', { q: UNKNOWN_DEALER.toLowerCase() }, dealerIdOf)).toEqual([UNKNOWN_DEALER]);
    expect(await unpaged(PATH, 'data', { q: '%' }, dealerIdOf)).toEqual([]);
    expect(await unpaged(PATH, 'data', { q: 'Ridge_Blinds' }, dealerIdOf)).toEqual([]);
    expect(await unpaged(PATH, 'data', { q: 'Blinds 17\nPat' }, dealerIdOf)).toEqual([]);
    expect(await unpaged(PATH, 'data', { q: '   ' }, dealerIdOf)).toHaveLength(
      (await unpaged(PATH, 'data', {}, dealerIdOf)).length,
    );
  });

  test('When a dealer is archived, Then it leaves the pages and the total', async () => {
    const victim = dealers[3]?.id as string;
    const total = (await get(PATH, { limit: 1 })).body.total;
    await t.publish(DealerArchived, victim, { dealer_id: victim, archived_at: new Date().toISOString() });
    const { ids, totals } = await allPages(PATH, 'data', { limit: 10 }, dealerIdOf);
    expect(ids).not.toContain(victim);
    expect(totals).toEqual([total - 1]);
  });

  test.each([
    [{ limit: '0' }, /^limit: /],
    [{ limit: 'ten' }, /^limit: /],
    [{ limit: '201' }, /^limit: /],
    [{ sort: 'dealer_id' }, /^sort: must be one of total_revenue/],
    [{ sort: 'rank' }, /^sort: /],
    [{ page: '2' }, /^Unknown parameter "page"$/],
    [{ zone: 'North' }, /^Unknown parameter "zone"$/],
    [{ q: 'x'.repeat(201) }, /^q: /],
    [{ cursor: 'not-a-cursor' }, /^cursor: /],
  ])('When asked with %j, Then 400 naming the parameter', async (query, detail) => {
    const res = await get(PATH, query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });

  test('When a cursor of another sort or filter comes back, Then 400 naming the cursor', async () => {
    const { next_cursor } = (await get(PATH, { limit: 3 })).body;
    const others: Record<string, string>[] = [{ sort: 'total_orders' }, { state: 'TX' }, { q: 'ridge' }];
    for (const query of others) {
      const res = await get(PATH, { ...query, limit: 3, cursor: next_cursor });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^cursor: /);
    }
  });
});

describe("a program's achievements and the pending notifications", () => {
  let programId: string;
  let bronze: string;
  let silver: string;
  const achievementsPath = () => `/api/admin/incentive-programs/${programId}/achievements`;
  const NOTIFICATIONS = '/api/admin/pending-notifications';
  const today = isoDayIn(new Date(), 'America/Chicago'); // program dates are days in the system timezone

  beforeAll(async () => {
    // created after the orders: the whole history is evaluated at once, so many achievements share a moment
    const res = await t
      .api()
      .post('/api/admin/incentive-programs')
      .set(t.admin)
      .send({
        program_name: 'Paged Program',
        start_date: today,
        end_date: today,
        tiers: [
          { name: 'Bronze', metric: 'revenue', value: 100, notify_dealer: true },
          { name: 'Silver', metric: 'revenue', value: 300, notify_dealer: false },
        ],
      });
    expect(res.status).toBe(200);
    programId = res.body.program.id;
    bronze = res.body.program.tiers[0].id;
    silver = res.body.program.tiers[1].id;
  });

  /** The rows in the order the lists answered before paging. */
  const orderBefore = async (where: string, params: unknown[]) =>
    (
      (await t.service.service.ctx.db.query(
        `SELECT id FROM achievements a WHERE ${where} ORDER BY a.achieved_at DESC, a.id`,
        params,
      )) as { id: string }[]
    ).map((r) => r.id);

  test('When called without parameters, Then newest first with ties by id, as before', async () => {
    const ids = await unpaged(achievementsPath(), 'achievements');
    expect(ids.length).toBeGreaterThan(20);
    expect(ids).toEqual(await orderBefore('a.program_id = $1', [programId]));
    const pending = await get(NOTIFICATIONS);
    expect(pending.body.data.map((r: Row) => r.id)).toEqual(
      await orderBefore('a.notify_dealer AND a.handled_at IS NULL', []),
    );
    expect(pending.body.count).toBe(pending.body.data.length);
  });

  test.each(['', 'achieved_at', '-achieved_at'])(
    'When both lists are paged with sort "%s", Then the pages concatenate to the unpaged answers',
    async (sort) => {
      const query: Record<string, string> = sort ? { sort } : {};
      const achievements = await allPages(achievementsPath(), 'achievements', { ...query, limit: 4 });
      const whole = await unpaged(achievementsPath(), 'achievements', query);
      expect(achievements.ids).toEqual(whole);
      expect(achievements.totals).toEqual([whole.length]);
      const notifications = await allPages(NOTIFICATIONS, 'data', { ...query, limit: 3 });
      const wholeNotifications = await unpaged(NOTIFICATIONS, 'data', query);
      expect(notifications.ids).toEqual(wholeNotifications);
      expect(notifications.totals).toEqual([wholeNotifications.length]);
    },
  );

  test('When sorted by achieved_at, Then oldest first; -achieved_at newest first', async () => {
    const times = (await get(achievementsPath(), { sort: 'achieved_at' })).body.achievements.map(
      (r: Row) => r.achieved_at,
    );
    expect(times).toEqual([...times].sort());
    const newest = (await get(NOTIFICATIONS, { sort: '-achieved_at' })).body.data.map((r: Row) => r.achieved_at);
    expect(newest).toEqual([...newest].sort().reverse());
  });

  test('When a page of notifications is asked for, Then count is every waiting notification, as the badge shows it', async () => {
    const all = (await get(NOTIFICATIONS)).body;
    const page = (await get(NOTIFICATIONS, { limit: 2 })).body;
    expect(page.data).toHaveLength(2);
    expect(page.count).toBe(all.count);
    expect(page.total).toBe(all.count);
  });

  test('When filtered by tier or searched by dealer name, Then only those achievements, paged or not', async () => {
    const silvers = await unpaged(achievementsPath(), 'achievements', { tier_id: silver });
    expect(silvers).toEqual(await orderBefore('a.program_id = $1 AND a.tier_id = $2', [programId, silver]));
    expect(silvers.length).toBeGreaterThan(3);
    expect((await allPages(achievementsPath(), 'achievements', { tier_id: silver, limit: 2 })).ids).toEqual(silvers);

    const ridge = (await get(achievementsPath(), { q: 'RIDGE blinds' })).body.achievements as Row[];
    const ridgeIds = new Set(dealers.filter((d) => d.name.startsWith('Ridge')).map((d) => d.id));
    expect(ridge.length).toBeGreaterThan(0);
    for (const row of ridge) expect(ridgeIds.has(row.dealer_id as string)).toBe(true);
    const expected = (await get(achievementsPath())).body.achievements.filter((r: Row) =>
      ridgeIds.has(r.dealer_id as string),
    );
    expect(ridge).toEqual(expected);
    const both = await allPages(achievementsPath(), 'achievements', { q: 'contact1', tier_id: bronze, limit: 2 });
    expect(both.ids).toEqual(await unpaged(achievementsPath(), 'achievements', { q: 'contact1', tier_id: bronze }));
    expect(both.ids.length).toBeGreaterThan(0);
  });

  test('When a tier is reached between two page reads, Then no achievement repeats and none is skipped', async () => {
    const before = await unpaged(achievementsPath(), 'achievements');
    const beforeNotifications = await unpaged(NOTIFICATIONS, 'data');
    const first = await get(achievementsPath(), { limit: 4, sort: 'achieved_at' });
    const firstNotifications = await get(NOTIFICATIONS, { limit: 4 });
    const newcomer = await t.newDealer({ business_name: 'Newcomer Blinds' });
    await t.placeOrder(newcomer, [[1, 50_000]]); // Bronze and Silver at once
    const rest = async (path: string, key: string, page: { body: Row }, query: Record<string, string | number>) => {
      const seen: unknown[] = (page.body[key] as Row[]).map((r) => r.id);
      let cursor = page.body.next_cursor as string | null;
      while (cursor) {
        const next = await get(path, { ...query, cursor });
        expect(next.status).toBe(200);
        seen.push(...next.body[key].map((r: Row) => r.id));
        cursor = next.body.next_cursor;
      }
      expect(new Set(seen).size).toBe(seen.length);
      return seen;
    };
    const seen = await rest(achievementsPath(), 'achievements', first, { limit: 4, sort: 'achieved_at' });
    expect(seen.slice(0, before.length).sort()).toEqual([...before].sort());
    expect(seen).toHaveLength(before.length + 2); // the newcomer's two, after every older one
    const seenNotifications = await rest(NOTIFICATIONS, 'data', firstNotifications, { limit: 4 });
    expect(seenNotifications).toEqual(beforeNotifications); // the newcomer's is newer than the first page
  });

  test.each([
    [{ limit: '0' }, /^limit: /],
    [{ sort: 'dealer_name' }, /^sort: must be one of achieved_at, -achieved_at$/],
    [{ tier_id: 'gold' }, /^tier_id: /],
    [{ status: 'pending' }, /^Unknown parameter "status"$/],
    [{ cursor: 'eyJ2IjoxfQ' }, /^cursor: /],
  ])('When the achievements are asked with %j, Then 400 naming the parameter', async (query, detail) => {
    const res = await get(achievementsPath(), query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });

  test.each([
    [{ limit: '500' }, /^limit: /],
    [{ sort: 'program_name' }, /^sort: must be one of achieved_at, -achieved_at$/],
    [{ q: 'ridge' }, /^Unknown parameter "q"$/],
    [{ cursor: 'x' }, /^cursor: /],
  ])('When the notifications are asked with %j, Then 400 naming the parameter', async (query, detail) => {
    const res = await get(NOTIFICATIONS, query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(detail);
  });

  test('When a cursor of the achievements comes back with a tier filter it was not made for, Then 400 naming the cursor', async () => {
    const { next_cursor } = (await get(achievementsPath(), { limit: 2 })).body;
    const res = await get(achievementsPath(), { limit: 2, tier_id: bronze, cursor: next_cursor });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^cursor: /);
  });
});
