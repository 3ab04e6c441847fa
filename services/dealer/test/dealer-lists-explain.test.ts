import { type PlanNode, planNodes } from '@portal/platform/testing';
import type { EntityManager } from 'typeorm';
import { activeStates, type DealerListFilter, type DealerPageRequest, readDealers } from '../src/data/dealer-lists';
import { dealerSearch } from '../src/domain/dealer-search';
import { startPortal, type TestPortal } from './support/portal';

/**
 * The dealer lists' statements on 100,000 dealers, as PostgreSQL plans them: the first page, a filtered and
 * searched page and a page deep in the list each read an index, never the whole table, and never sort it.
 */
const DEALERS = 100_000;
let portal: TestPortal;
let manager: EntityManager;

beforeAll(async () => {
  portal = await startPortal('dealer_lists_explain');
  manager = portal.dealer.ctx.db.manager;
  await manager.query(
    `INSERT INTO dealers (dealer_id, business_name, full_name, email, phone, city, state, zone, status, created_at,
       archived_at)
     SELECT 'D' || lpad(i::text, 7, '0'),
       CASE WHEN i % 97 = 0 THEN NULL ELSE
         (ARRAY['Ridge','Oak','Summit','Harbor','Prairie','Cedar','Maple','Granite','Willow','Aspen'])[i % 10 + 1]
         || ' ' || (ARRAY['Blinds','Shades','Windows','Shutters','Interiors','Drapery'])[i / 10 % 6 + 1] || ' ' || i END,
       (ARRAY['Jane','John','Maria','Omar','Li','Ana','Sam','Eve'])[i % 8 + 1] || ' '
         || (ARRAY['Smith','Garcia','Chen','Okafor','Novak','Brown','Kim'])[i / 8 % 7 + 1] || i,
       'dealer' || i || '@example.com',
       CASE WHEN i % 50 = 0 THEN NULL ELSE '(' || (200 + i % 800) || ') ' || lpad((i % 1000)::text, 3, '0') || '-'
         || lpad((i % 10000)::text, 4, '0') END,
       CASE WHEN i % 101 = 0 THEN NULL ELSE 'City ' || (i % 997) END,
       CASE WHEN i % 103 = 0 THEN NULL ELSE (ARRAY['AL','AK','AZ','AR','CA','CO','CT','DE','FL','GA','HI','ID','IL',
         'IN','IA','KS','KY','LA','ME','MD','MA','MI','MN','MS','MO','MT','NE','NV','NH','NJ','NM','NY','NC','ND',
         'OH','OK','OR','PA','RI','SC','SD','TN','TX','UT','VT','VA','WA','WV','WI','WY'])[i % 50 + 1] END,
       CASE WHEN i % 53 = 0 THEN NULL ELSE 'Zone ' || (i % 10) END,
       CASE WHEN i % 20 = 1 THEN 'pending' WHEN i % 20 = 2 THEN 'archived' ELSE 'active' END,
       '2020-01-01T00:00:00Z'::timestamptz + i * interval '17 minutes',
       CASE WHEN i % 20 = 2 THEN '2024-01-01T00:00:00Z'::timestamptz + i * interval '3 minutes' END
     FROM generate_series(1, ${DEALERS}) i`,
  );
  await manager.query('VACUUM ANALYZE dealers');
}, 120_000);
afterAll(() => portal?.stop());

/** The plans of the statements one page request runs (the page, and the count on a first page). */
async function plansOf(filter: DealerListFilter, request: DealerPageRequest) {
  const plans: { sql: string; plan: PlanNode }[] = [];
  const explaining = {
    query: async (sql: string, params: unknown[]) => {
      const [row] = await manager.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      plans.push({ sql, plan: (row['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan });
      return sql.includes('count(*)') ? [{ n: '0' }] : [];
    },
  } as unknown as EntityManager;
  await readDealers(explaining, filter, request);
  return plans;
}

/** The statements that read the dealers (the kept counts, a few hundred rows, are read whole). */
const ofDealers = (plans: { sql: string; plan: PlanNode }[]) => plans.filter((p) => !p.sql.includes('dealer_counts'));

/** Every plan reads dealers through an index: no Seq Scan on it and no Sort of its rows. */
function expectIndexed(all: { sql: string; plan: PlanNode }[], { sorted = false } = {}) {
  const plans = ofDealers(all);
  expect(plans.length).toBeGreaterThan(0);
  for (const { sql, plan } of plans) {
    const all = planNodes(plan);
    const summary = all.map((n) => `${n['Node Type']}${n['Index Name'] ? ` ${n['Index Name']}` : ''}`);
    expect([sql, summary.filter((s) => s.startsWith('Seq Scan'))]).toEqual([sql, []]);
    if (!sorted) expect([sql, summary.filter((s) => /Sort/.test(s))]).toEqual([sql, []]);
    expect([sql, all.some((n) => n['Index Name'] !== undefined)]).toEqual([sql, true]);
  }
}

/** A cursor after the row `offset` rows into the active list in its default order (state, business name). */
async function deepCursor(offset: number): Promise<string> {
  const first = await readDealers(manager, { status: 'active', search: null }, { limit: 1 });
  const body = JSON.parse(Buffer.from(first.page!.next_cursor!, 'base64url').toString('utf8'));
  const [row] = await manager.query(
    `SELECT ARRAY[((d.state) IS NULL)::text, coalesce(d.state, ''), ((d.business_name) IS NULL)::text,
       coalesce(d.business_name, ''), d.dealer_id] AS k
     FROM dealers d WHERE d.status = 'active'
     ORDER BY d.state, d.business_name, d.dealer_id OFFSET $1 LIMIT 1`,
    [offset],
  );
  return Buffer.from(JSON.stringify({ ...body, k: row.k })).toString('base64url');
}

describe('the dealer lists on 100,000 dealers', () => {
  test('When the first page of each list is read in each sort, Then it walks that sort index and sorts nothing', async () => {
    for (const status of ['active', 'pending', 'archived'] as const)
      for (const sort of [undefined, 'business_name', '-state', 'city', '-zone', 'created_at'])
        expectIndexed(
          (await plansOf({ status, search: null }, { limit: 50, sort })).filter((p) => !p.sql.includes('count(*)')),
        );
    expectIndexed(await plansOf({ status: 'archived', search: null }, { limit: 50, sort: '-archived_at' }));
  });

  test('When a first page without a search is counted, Then the total is summed from the kept counts, not the dealers', async () => {
    for (const filter of [
      { status: 'active' as const, search: null },
      { status: 'pending' as const, search: null },
    ]) {
      const plans = await plansOf(filter, { limit: 50 });
      expect(plans.filter((p) => p.sql.includes('dealer_counts'))).toHaveLength(1);
      expect(plans.filter((p) => /count\(\*\)/.test(p.sql))).toEqual([]);
      expectIndexed(plans);
    }
  });

  test('When a page is filtered by states and zones, Then it reads an index without sorting', async () => {
    expectIndexed(await plansOf({ status: 'active', search: null, states: ['TX', 'WY'] }, { limit: 50 }));
    expectIndexed(await plansOf({ status: 'active', search: null, zones: ['Zone 3'] }, { limit: 50, sort: 'zone' }));
  });

  test('When a page is searched (and filtered), Then the matches come from the trigram indexes', async () => {
    for (const [q, filter] of [
      ['smith12', {}],
      ['ridge blinds 4', { states: ['TX'] }],
      ['(250) 050', {}],
    ] as const) {
      const plans = await plansOf({ status: 'active', search: dealerSearch(q), ...filter }, { limit: 50 });
      // a search selects few dealers: the planner may sort those few, never the table
      expectIndexed(plans, { sorted: true });
      const used = plans.flatMap((p) => planNodes(p.plan).map((n) => n['Index Name']));
      expect(used).toContain('dealers_search_idx');
      if (q.startsWith('(')) expect(used).toContain('dealers_phone_digits_idx');
    }
  });

  test('When a page 80,000 dealers deep is read by its cursor, Then it starts in the index at the cursor', async () => {
    const cursor = await deepCursor(80_000);
    expectIndexed(await plansOf({ status: 'active', search: null }, { limit: 50, cursor }));
    const page = await readDealers(manager, { status: 'active', search: null }, { limit: 50, cursor });
    expect(page.rows).toHaveLength(50);
  });

  test('When the states of the active dealers are listed, Then one index probe per state answers them', async () => {
    const [row] = await manager.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) WITH RECURSIVE s(state) AS (
         (SELECT d.state FROM dealers d WHERE d.status = 'active' AND d.state IS NOT NULL ORDER BY d.state LIMIT 1)
         UNION ALL
         SELECT (SELECT d.state FROM dealers d WHERE d.status = 'active' AND d.state > s.state ORDER BY d.state LIMIT 1)
         FROM s WHERE s.state IS NOT NULL)
       SELECT state FROM s WHERE state IS NOT NULL`,
    );
    const plan = (row['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan;
    expect(planNodes(plan).filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(planNodes(plan).map((n) => n['Index Name'])).toContain('dealers_status_state_idx');
    const distinct: { state: string }[] = await manager.query(
      "SELECT DISTINCT state FROM dealers WHERE status = 'active' AND state IS NOT NULL ORDER BY state",
    );
    expect(await activeStates(manager)).toEqual(distinct.map((r) => r.state));
  });
});
