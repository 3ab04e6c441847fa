/**
 * The orders lists on a large table (200,000 orders of 20,000 dealers, made with generate_series after the
 * migrations): the plans PostgreSQL chooses for the pages the service reads use the list's indexes — no
 * sequential scan of orders and no sort over it — for the first page of every sort, a filtered and searched
 * page, a dealer's page, and a page 150,000 rows deep by cursor.
 */
import { createHash } from 'node:crypto';
import { type PlanNode, planNodes } from '@portal/platform/testing';
import type { EntityManager } from 'typeorm';
import { type OrderFilter, readOrderPage } from '../src/data/order-list';
import { readDealerOrderSummary } from '../src/data/order-summary';
import { startOrders, type TestOrders } from './support/orders';

const ORDERS = 200_000;
const DEALERS = 20_000;

let t: TestOrders;
beforeAll(async () => {
  t = await startOrders('order_list_plans');
  const runner = t.orders.service.ctx.db.createQueryRunner();
  await runner.connect();
  try {
    // the fields the triggers copy are written here directly (triggers off for the bulk load, as a restore would)
    await runner.query('SET session_replication_role = replica');
    // the list's indexes are built after the load (faster than 200,000 inserts into them), as the migration made them
    const indexes: { indexdef: string; indexname: string }[] = await runner.query(
      "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'orders' AND indexname <> 'orders_pkey' AND indexdef NOT LIKE '%UNIQUE%'",
    );
    for (const { indexname } of indexes) await runner.query(`DROP INDEX ${indexname}`);
    await runner.query(
      `INSERT INTO known_dealers (dealer_id, business_name, full_name, email, city, state)
       SELECT 'D' || lpad(i::text, 6, '0'),
         (ARRAY['Timber', 'Ridge', 'Hollow', 'Cedar', 'Marsh'])[1 + i % 5] || ' ' ||
           (ARRAY['Blinds', 'Outfitters', 'Supply', 'Sports'])[1 + i % 4] || ' ' || i,
         'Contact ' || md5(i::text), 'dealer' || i || '@example.com',
         (ARRAY['Austin', 'Boise', 'Duluth', 'Missoula', 'Tulsa', 'Waco'])[1 + i % 6], 'TX'
       FROM generate_series(1, $1) i`,
      [DEALERS],
    );
    await runner.query(
      `INSERT INTO orders (order_id, dealer_id, status, total_cents, paid_cents, created_at, on_hold,
         dealer_sort_name, search_text)
       SELECT o.id, d.dealer_id,
         (ARRAY['pending', 'confirmed', 'in_shipment', 'shipped', 'delivered', 'cancelled'])[1 + i % 6],
         o.total, CASE i % 3 WHEN 0 THEN 0 WHEN 1 THEN o.total ELSE o.total / 2 END,
         timestamptz '2020-01-01' + i * interval '7 minutes',
         -- one pending order in a thousand is held for credit
         i % 6000 = 0,
         coalesce(d.business_name, ''),
         order_search_text(o.id, d.business_name, d.full_name, d.email, d.city)
       FROM generate_series(1, $1) i
       CROSS JOIN LATERAL (SELECT md5(i::text) AS id, (i * 7919) % 500000 AS total) o
       JOIN known_dealers d ON d.dealer_id = 'D' || lpad((1 + i % $2)::text, 6, '0')`,
      [ORDERS, DEALERS],
    );
    await runner.query(
      `INSERT INTO order_counts (slot, status, payment_status, n)
       SELECT 0, status, payment_status, count(*) FROM orders GROUP BY status, payment_status`,
    );
    await runner.query("SET maintenance_work_mem = '256MB'");
    for (const { indexdef } of indexes) await runner.query(indexdef);
    await runner.query('SET session_replication_role = DEFAULT');
    await runner.query('ANALYZE orders');
    await runner.query('ANALYZE known_dealers');
  } finally {
    await runner.release();
  }
}, 180_000);
afterAll(() => t?.stop());

/** The page read the service makes for `request` and `filter`, with its plan (EXPLAIN ANALYZE) and its answer. */
async function explainPage(request: { limit?: number; cursor?: string; sort?: string }, filter: Partial<OrderFilter>) {
  const manager = t.orders.service.ctx.db.manager;
  const reads: { sql: string; params: unknown[] }[] = [];
  const watching = {
    query: (sql: string, params: unknown[] = []) => {
      reads.push({ sql, params });
      return manager.query(sql, params);
    },
  } as unknown as EntityManager;
  const page = await readOrderPage(watching, request, { timezone: 'America/Chicago', ...filter }, filter);
  const read = reads.find((r) => r.sql.includes('ORDER BY'));
  if (!read) throw new Error('no page read');
  const explained: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] = await manager.query(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${read.sql}`,
    read.params,
  );
  const plan = explained[0]?.['QUERY PLAN'][0].Plan;
  if (!plan) throw new Error('no plan');
  return { page, nodes: planNodes(plan) };
}

/** No sequential scan of orders; any Sort sorts rows already chosen by an index, a small part of the table. */
function expectIndexed(nodes: PlanNode[], index: RegExp) {
  expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).not.toContain('orders');
  expect(nodes.some((n) => index.test(n['Index Name'] ?? ''))).toBe(true);
  for (const sort of nodes.filter((n) => n['Node Type'] === 'Sort' || n['Node Type'] === 'Incremental Sort'))
    for (const input of sort.Plans ?? []) expect(input['Actual Rows'] ?? 0).toBeLessThan(ORDERS / 20);
}
const expectNoSort = (nodes: PlanNode[]) =>
  expect(nodes.map((n) => n['Node Type'])).not.toEqual(expect.arrayContaining(['Sort']));

test('When the first page of each sort is read, Then it is read along that sort’s index, with no sort', async () => {
  const indexes: Record<string, RegExp> = {
    '-created_at': /^orders_newest_idx$/,
    created_at: /^orders_newest_idx$/,
    '-total_value': /^orders_total_idx$/,
    dealer_business_name: /^orders_dealer_name_idx$/,
    '-status': /^orders_status_idx$/,
  };
  for (const [sort, index] of Object.entries(indexes)) {
    const { page, nodes } = await explainPage({ limit: 50, sort }, {});
    expect(page.records).toHaveLength(50);
    expect(page.page?.total).toBe(ORDERS); // from the counters
    expectIndexed(nodes, index);
    expectNoSort(nodes);
  }
});

test('When a page is filtered by status and payment status, by a dealer, by days or by credit hold, Then an index answers it with no sort', async () => {
  const byStatus = await explainPage({ limit: 50 }, { statuses: ['delivered'] });
  expectIndexed(byStatus.nodes, /^orders_(status|newest)_idx$/);
  expectNoSort(byStatus.nodes);
  const [delivered] = await t.orders.service.ctx.db.query(
    "SELECT count(*)::int AS n FROM orders WHERE status = 'delivered'",
  );
  expect(byStatus.page.page?.total).toBe(delivered.n);
  const byPayment = await explainPage({ limit: 50 }, { paymentStatuses: ['partially_paid'] });
  expectIndexed(byPayment.nodes, /^orders_(payment_status|newest)_idx$/);
  expectNoSort(byPayment.nodes);
  const dealer = await explainPage({ limit: 50 }, { scopeDealerId: 'D000042' });
  expectIndexed(dealer.nodes, /^orders_dealer_newest_idx$/);
  expect(dealer.page.records).toHaveLength(ORDERS / DEALERS);
  const days = await explainPage({ limit: 50 }, { from: '2021-06-01', to: '2021-06-30' });
  expectIndexed(days.nodes, /^orders_newest_idx$/);
  expectNoSort(days.nodes);
  expect(days.page.page?.total).toBeGreaterThan(6000);
  const held = await explainPage({ limit: 50 }, { onHold: true });
  expectIndexed(held.nodes, /^orders_on_hold_idx$/);
  expectNoSort(held.nodes);
  expect(held.page.page?.total).toBe(Math.floor(ORDERS / 6000));
  expect(held.page.records.every((order) => order.on_hold)).toBe(true);
});

test('When a page is filtered and searched (a name, a city, an order number), Then the trigram or a list index answers it and no sort runs over the table', async () => {
  const filters: Partial<OrderFilter>[] = [
    { search: 'cedar sup', statuses: ['delivered', 'shipped'] },
    { search: 'missoula', paymentStatuses: ['unpaid'] },
    { search: 'Marsh Supply 1234' }, // dealer 1234: 10 orders
    // the order number of the order whose id is md5('10'): its last 8 characters
    { search: createHash('md5').update('10').digest('hex').slice(-8).toUpperCase() },
  ];
  for (const filter of filters) {
    const { page, nodes } = await explainPage({ limit: 50 }, filter);
    expect(page.page?.total).toBeGreaterThan(0);
    expectIndexed(nodes, /^orders_(search|newest|status|payment_status)_idx$/);
  }
});

test('When a page 150,000 rows deep is read by cursor, Then the index is entered at the cursor’s key, with no sort', async () => {
  const manager = t.orders.service.ctx.db.manager;
  for (const [sort, keys] of [
    ['-created_at', 'created_at::text, order_id FROM orders ORDER BY created_at DESC, order_id DESC'],
    ['total_value', 'total_cents::text, order_id FROM orders ORDER BY total_cents, order_id'],
  ] as const) {
    const first = await explainPage({ limit: 50, sort }, {});
    const cursor = JSON.parse(Buffer.from(first.page.page?.next_cursor ?? '', 'base64url').toString('utf8'));
    const [row] = (await manager.query(`SELECT ${keys} OFFSET 150000 LIMIT 1`)) as Record<string, string>[];
    cursor.k = Object.values(row ?? {});
    const deep = await explainPage(
      { limit: 50, sort, cursor: Buffer.from(JSON.stringify(cursor)).toString('base64url') },
      {},
    );
    expect(deep.page.records).toHaveLength(50);
    expect(deep.page.page?.total).toBe(ORDERS); // carried by the cursor
    expectIndexed(deep.nodes, sort === 'total_value' ? /^orders_total_idx$/ : /^orders_newest_idx$/);
    expectNoSort(deep.nodes);
    expect(deep.nodes.reduce((rows, n) => Math.max(rows, n['Actual Rows'] ?? 0), 0)).toBeLessThanOrEqual(51);
  }
});

test("When a dealer's order summary is read, Then one aggregate over the dealer index answers it, with no scan of orders", async () => {
  const manager = t.orders.service.ctx.db.manager;
  const reads: { sql: string; params: unknown[] }[] = [];
  const watching = {
    query: (sql: string, params: unknown[] = []) => {
      reads.push({ sql, params });
      return manager.query(sql, params);
    },
  } as unknown as EntityManager;
  const summary = await readDealerOrderSummary(watching, 'D000042');
  expect(summary.order_count).toBe(ORDERS / DEALERS);
  expect(reads).toHaveLength(1);
  const read = reads[0];
  if (!read) throw new Error('no summary read');
  const explained: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] = await manager.query(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${read.sql}`,
    read.params,
  );
  const plan = explained[0]?.['QUERY PLAN'][0].Plan;
  if (!plan) throw new Error('no plan');
  // either index that starts with dealer_id: the list's, or the (smaller) unique one of the idempotency keys
  expectIndexed(planNodes(plan), /^orders_dealer_(newest_idx|id_idempotency_key_key)$/);
});
