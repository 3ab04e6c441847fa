/**
 * dealer-performance at 100,000 dealers: the first page, a filtered page, a searched page and a page deep in
 * the list are each read from an index — no sequential scan of the figures and no sort of them — as PostgreSQL
 * plans the very statements the repository sends.
 */
import { type PlanNode, planNodes } from '@portal/platform/testing';
import type { EntityManager } from 'typeorm';
import { type PerformanceFilter, performancePage } from '../src/data/figures';
import { startIncentives, type TestIncentives } from './support/incentive';

const DEALERS = 100_000;
let t: TestIncentives;

beforeAll(async () => {
  t = await startIncentives('incentive_plans');
  const db = t.service.service.ctx.db;
  await db.query(
    `INSERT INTO dealers (dealer_id, business_name, full_name, email, city, state, fields_changed_at, archived)
     SELECT 'PLAN' || lpad(n::text, 6, '0'), 'Plan Blinds ' || n, 'Pat Plan ' || n, 'plan' || n || '@example.com',
       'Austin', (ARRAY['TX', 'GA', 'OK', 'CA', 'NY', 'FL', 'WA', 'OR', 'ID', 'MT'])[1 + n % 10], now(), n % 50 = 0
     FROM generate_series(1, $1::int) AS n`,
    [DEALERS],
  );
  // as the dealer writes leave them: a figures row per dealer with its copied fields, orders for most
  await db.query(
    `INSERT INTO dealer_figures (dealer_id, revenue_cents, orders, items, paid_cents, business_name, full_name, city,
       state, active)
     SELECT dealer_id, (hashtext(dealer_id) & 65535) * 100, hashtext(dealer_id) & 31, hashtext(dealer_id) & 127,
       (hashtext(dealer_id) & 255) * 100, business_name, full_name, city, state, NOT archived
     FROM dealers`,
  );
  await db.query('VACUUM ANALYZE dealer_figures');
}, 120_000);
afterAll(() => t?.stop());

interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements the repository sends for a page (answering no rows). */
async function statementsOf(request: Parameters<typeof performancePage>[1], filter: PerformanceFilter) {
  const sent: Statement[] = [];
  const recorder = {
    query: async (sql: string, params: unknown[] = []) => {
      sent.push({ sql, params });
      return sql.includes('count(*)') ? [{ n: '0' }] : [];
    },
  } as unknown as EntityManager;
  await performancePage(recorder, request, filter);
  const page = sent.find((s) => s.sql.includes('ORDER BY'));
  if (!page) throw new Error('no page statement');
  return page;
}

async function planOf(statement: Statement): Promise<PlanNode[]> {
  const [row] = await t.service.service.ctx.db.query(`EXPLAIN (FORMAT JSON) ${statement.sql}`, statement.params);
  const plan = (typeof row['QUERY PLAN'] === 'string' ? JSON.parse(row['QUERY PLAN']) : row['QUERY PLAN'])[0].Plan;
  return planNodes(plan);
}

const indexesOf = (nodes: PlanNode[]) => nodes.map((n) => n['Index Name']).filter(Boolean);
const seqScans = (nodes: PlanNode[]) => nodes.filter((n) => n['Node Type'] === 'Seq Scan');
const sorts = (nodes: PlanNode[]) => nodes.filter((n) => n['Node Type'].includes('Sort'));

/** A real cursor of the default order whose key is that of the row `offset` rows deep. */
async function cursorAt(offset: number): Promise<string> {
  const db = t.service.service.ctx.db;
  const first = await performancePage(db.manager, { limit: 50 }, { search: null, states: null });
  const body = JSON.parse(Buffer.from(first.page?.next_cursor as string, 'base64url').toString());
  const [row] = await db.query(
    `SELECT (-revenue_cents)::text AS k0, dealer_id AS k1 FROM dealer_figures WHERE active
     ORDER BY -revenue_cents, dealer_id OFFSET $1 LIMIT 1`,
    [offset],
  );
  body.k = [row.k0, row.k1];
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

describe('dealer-performance plans at 100,000 dealers', () => {
  const none: PerformanceFilter = { search: null, states: null };

  test.each([
    ['the default order', undefined, 'dealer_figures_page_rank_idx'],
    ['-total_orders', '-total_orders', 'dealer_figures_page_orders_idx'],
    ['avg_order_value', 'avg_order_value', 'dealer_figures_page_avg_idx'],
    ['business_name', 'business_name', 'dealer_figures_page_business_name_idx'],
  ] as const)(
    'When the first page by %s is read, Then an index scan in that order, no sort',
    async (_, sort, index) => {
      const nodes = await planOf(await statementsOf({ limit: 50, sort }, none));
      expect(seqScans(nodes)).toEqual([]);
      expect(sorts(nodes)).toEqual([]);
      expect(indexesOf(nodes)).toContain(index);
    },
  );

  test('When a page of one state is read, Then the state index in revenue order, no sort', async () => {
    const nodes = await planOf(await statementsOf({ limit: 50 }, { search: null, states: ['GA'] }));
    expect(seqScans(nodes)).toEqual([]);
    expect(sorts(nodes)).toEqual([]);
    expect(indexesOf(nodes)).toContain('dealer_figures_page_state_rank_idx');
  });

  test('When a page of two states is read, Then the revenue index filtered by state, no sort', async () => {
    const nodes = await planOf(await statementsOf({ limit: 50 }, { search: null, states: ['GA', 'MT'] }));
    expect(seqScans(nodes)).toEqual([]);
    expect(sorts(nodes)).toEqual([]);
    expect(indexesOf(nodes).length).toBeGreaterThan(0);
  });

  test('When a searched page is read, Then the trigram index finds the dealers, no sequential scan', async () => {
    const nodes = await planOf(await statementsOf({ limit: 50 }, { search: 'blinds 4217', states: null }));
    expect(seqScans(nodes)).toEqual([]);
    expect(indexesOf(nodes)).toContain('dealer_figures_search_idx');
    const rows = await performancePage(
      t.service.service.ctx.db.manager,
      { limit: 50 },
      { search: 'blinds 4217', states: null },
    );
    expect(rows.page?.total).toBe(rows.rows.length);
    expect(rows.rows.every((r) => /blinds 4217/i.test(r.business_name as string))).toBe(true);
  });

  test('When a page 90,000 rows deep is read by cursor, Then an index scan from the cursor, no sort', async () => {
    const cursor = await cursorAt(90_000);
    const statement = await statementsOf({ limit: 50, cursor }, none);
    const nodes = await planOf(statement);
    expect(seqScans(nodes)).toEqual([]);
    expect(sorts(nodes)).toEqual([]);
    expect(indexesOf(nodes)).toContain('dealer_figures_page_rank_idx');
    const page = await performancePage(t.service.service.ctx.db.manager, { limit: 50, cursor }, none);
    expect(page.rows).toHaveLength(50);
  });
});
