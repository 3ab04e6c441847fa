/**
 * The AR aging report (issue 24): every dealer with something unpaid, by business name, its unpaid orders by days
 * past due today (system timezone), paged by keyset, filtered by search and by past-due buckets, and exported as
 * CSV. Real PostgreSQL; dealers arrive as the dealer service announces them, orders and payments are seeded in
 * SQL from a seeded generator. Last, on 20,000 dealers and 200,000 orders, the first page is read along the
 * report's indexes without visiting every order.
 */
import { AGING_BUCKETS, type AgingBucket, type ArAgingRow } from '@portal/contracts';
import { isoDayIn } from '@portal/platform';
import { type PlanNode, planNodes, readAllPages, readWholeList } from '@portal/platform/testing';
import type { EntityManager } from 'typeorm';
import { readArAgingPage } from '../src/data/statements';
import { agingBucket, daysPastDue, dueDay } from '../src/domain/aging';
import { startOrders, type TestOrders } from './support/orders';

const ZONE = 'America/Chicago';
const DAY_MS = 86_400_000;

let t: TestOrders;
const db = () => t.orders.service.ctx.db;
const cents = (dollars: number) => Math.round(dollars * 100);

interface SeededDealer {
  dealer_id: string;
  name: string | null;
  email: string;
  terms: number;
  limit: number | null;
  orders: { status: string; total: number; paid: number; confirmed: Date | null }[];
}

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const seeded: SeededDealer[] = [];
const today = () => isoDayIn(new Date(), ZONE);

/** What the report must say of a seeded dealer today, worked out here. */
function expectedRow(dealer: SeededDealer) {
  const buckets: Record<AgingBucket, number> = { current: 0, '1_30': 0, '31_60': 0, '61_90': 0, over_90: 0 };
  let oldest: string | null = null;
  for (const order of dealer.orders) {
    if (order.status === 'cancelled' || order.paid >= order.total) continue;
    const due = dueDay(order.confirmed && isoDayIn(order.confirmed, ZONE), dealer.terms);
    buckets[agingBucket(daysPastDue(due, today()))] += order.total - order.paid;
    if (due && (!oldest || due < oldest)) oldest = due;
  }
  const balance = Object.values(buckets).reduce((a, b) => a + b, 0);
  return { buckets, balance, oldest };
}

const owes = (dealer: SeededDealer) => expectedRow(dealer).balance > 0;
/** The report's order: lower-case business name (nameless last), then dealer id. */
const byName = (a: SeededDealer, b: SeededDealer) => {
  const [x, y] = [a.name?.toLowerCase() ?? null, b.name?.toLowerCase() ?? null];
  if (x !== y) return x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
  return a.dealer_id < b.dealer_id ? -1 : 1;
};

beforeAll(async () => {
  t = await startOrders('order_ar_aging');
  const rng = generator(7_2026);
  const statuses = ['pending', 'confirmed', 'delivered', 'cancelled'];
  for (let i = 0; i < 60; i++) {
    // names of one shape, so any collation orders them as plain comparison does; two share a name
    const name =
      i % 10 === 9 ? null : i === 12 ? 'Dealer 011' : `${i % 2 ? 'DEALER' : 'dealer'} ${String(i).padStart(3, '0')}`;
    const dealerId = await t.newDealer({ business_name: name ?? undefined });
    if (name === null)
      await db().query('UPDATE known_dealers SET business_name = NULL WHERE dealer_id = $1', [dealerId]);
    const [row] = await db().query('SELECT email FROM known_dealers WHERE dealer_id = $1', [dealerId]);
    const terms = [30, 30, 10, 60][i % 4] as number;
    const limit = i % 7 === 0 ? 250_000 : null;
    if (terms !== 30 || limit !== null)
      await db().query(
        'INSERT INTO dealer_terms (dealer_id, payment_terms_days, credit_limit_cents) VALUES ($1, $2, $3)',
        [dealerId, terms === 30 ? null : terms, limit],
      );
    const orders = Array.from({ length: rng.int(0, 4) }, () => {
      const status = statuses[rng.int(0, statuses.length - 1)] as string;
      const total = rng.int(100, 200_000);
      const paid = [0, total, rng.int(1, total - 1)][rng.int(0, 2)] as number;
      const confirmed = status === 'pending' ? null : new Date(Date.now() - rng.int(0, 160) * DAY_MS);
      return { status, total, paid, confirmed };
    });
    for (const [n, order] of orders.entries())
      await db().query(
        `INSERT INTO orders (order_id, dealer_id, status, total_cents, paid_cents, confirmed_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [`${dealerId}-${n}`, dealerId, order.status, order.total, order.paid, order.confirmed],
      );
    seeded.push({ dealer_id: dealerId, name, email: row.email, terms, limit, orders });
  }
  expect(seeded.filter(owes).length).toBeGreaterThan(15);
  expect(seeded.filter((d) => !owes(d) && d.orders.length > 0).length).toBeGreaterThan(3);
}, 60_000);
afterAll(() => t?.stop());

const report = (query: Record<string, string | number>, auth = t.admin) =>
  t.api().get('/api/admin/ar-aging').query(query).set(auth);

function expectRowOf(row: ArAgingRow, dealer: SeededDealer) {
  const expected = expectedRow(dealer);
  expect(row).toEqual({
    dealer_id: dealer.dealer_id,
    dealer_business_name: dealer.name,
    dealer_email: dealer.email,
    payment_terms_days: dealer.terms,
    credit_limit: dealer.limit === null ? null : dealer.limit / 100,
    ...Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, expected.buckets[bucket] / 100])),
    balance: expected.balance / 100,
    oldest_due_date: expected.oldest,
  });
}

describe('the AR aging report', () => {
  test('When paged, Then every dealer with a balance is listed exactly once, by name, with its buckets; none without', async () => {
    const { rows } = await readAllPages<ArAgingRow>(report, 'dealers', {}, 7);
    const expected = seeded.filter(owes).sort(byName);
    expect(rows.map((row) => row.dealer_id)).toEqual(expected.map((dealer) => dealer.dealer_id));
    for (const [i, row] of rows.entries()) expectRowOf(row, expected[i] as SeededDealer);
    for (const row of rows)
      expect(cents(row.balance)).toBe(AGING_BUCKETS.reduce((sum, bucket) => sum + cents(row[bucket]), 0));

    const first = await report({ limit: 7 });
    expect(first.body).toMatchObject({ success: true, as_of: today(), next_cursor: expect.any(String) });
    expect(first.body).not.toHaveProperty('total');
    const descending = await readAllPages<ArAgingRow>(report, 'dealers', { sort: '-dealer_business_name' }, 9);
    expect(descending.rows.map((row) => row.dealer_id)).toEqual(expected.map((d) => d.dealer_id).reverse());
  });

  test('When asked without a page, Then it answers the whole report', async () => {
    const rows = await readWholeList<ArAgingRow>(report, 'dealers');
    expect(rows.map((row) => row.dealer_id)).toEqual(
      seeded
        .filter(owes)
        .sort(byName)
        .map((d) => d.dealer_id),
    );
  });

  test('When filtered by past-due buckets, Then exactly the dealers with something in them are listed', async () => {
    for (const buckets of [['over_90'], ['31_60', '61_90'], ['current'], ['1_30', 'over_90']] as AgingBucket[][]) {
      const { rows } = await readAllPages<ArAgingRow>(report, 'dealers', { past_due: buckets.join(',') }, 5);
      const expected = seeded
        .filter((dealer) => buckets.some((bucket) => expectedRow(dealer).buckets[bucket] > 0))
        .sort(byName);
      expect(rows.map((row) => row.dealer_id)).toEqual(expected.map((dealer) => dealer.dealer_id));
    }
  });

  test('When searched, Then only the dealers whose name or email holds the text are listed', async () => {
    const target = seeded.filter(owes).find((dealer) => dealer.name !== null) as SeededDealer;
    const byNameText = await report({ q: (target.name as string).toUpperCase(), limit: 100 });
    expect(byNameText.status).toBe(200);
    expect(byNameText.body.dealers.map((row: ArAgingRow) => row.dealer_id)).toContain(target.dealer_id);
    for (const row of byNameText.body.dealers as ArAgingRow[])
      expect(row.dealer_business_name?.toLowerCase()).toContain((target.name as string).toLowerCase());
    const byEmail = await report({ q: target.email });
    expect(byEmail.body.dealers.map((row: ArAgingRow) => row.dealer_id)).toEqual([target.dealer_id]);
    expect((await report({ q: 'no such dealer anywhere' })).body.dealers).toEqual([]);
  });

  test('When the query is wrong, Then 400 with a clear detail', async () => {
    const bucket = await report({ past_due: 'over_120' });
    expect(bucket.status).toBe(400);
    expect(bucket.body.detail).toContain('"over_120" is not one of current, 1_30, 31_60, 61_90, over_90');
    const cursor = await report({ cursor: 'not-a-cursor' });
    expect(cursor.status).toBe(400);
    const first = await report({ limit: 3 });
    const other = await report({ limit: 3, q: 'dealer', cursor: first.body.next_cursor });
    expect(other.status).toBe(400);
    expect(other.body.detail).toContain('belongs to another sort or filter');
  });

  test('When a dealer, a driver or nobody asks, Then 403 / 401 for the report and its export', async () => {
    const dealerId = seeded[0]?.dealer_id as string;
    for (const path of ['/api/admin/ar-aging', '/api/admin/ar-aging/export']) {
      expect((await t.api().get(path).set(t.dealerToken(dealerId))).status).toBe(403);
      expect((await t.api().get(path).set(t.delivery)).status).toBe(403);
      expect((await t.api().get(path)).status).toBe(401);
    }
  });
});

describe('the AR aging CSV export', () => {
  const exportCsv = (query: Record<string, string>) =>
    t
      .api()
      .get('/api/admin/ar-aging/export')
      .query(query)
      .set(t.admin)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
      });

  const money = (value: number) => (value / 100).toFixed(2);

  test('When the admin exports, Then a streamed CSV holds every dealer of the report: BOM, quoted cells, CRLF', async () => {
    const res = await exportCsv({});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ar-aging-${today()}.csv"`);
    const body = res.body as string;
    const header =
      '"Dealer","Email","Terms (days)","Credit limit","Current","1–30","31–60","61–90","Over 90","Balance","Oldest due"';
    const rows = seeded
      .filter(owes)
      .sort(byName)
      .map((dealer) => {
        const expected = expectedRow(dealer);
        return [
          dealer.name ?? 'Dealer',
          dealer.email,
          String(dealer.terms),
          dealer.limit === null ? '' : money(dealer.limit),
          ...AGING_BUCKETS.map((bucket) => money(expected.buckets[bucket])),
          money(expected.balance),
          expected.oldest ?? '',
        ];
      });
    const lines = body.split('\r\n');
    expect(body.startsWith(`\uFEFF${header}\r\n`)).toBe(true);
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(rows.length + 2);
    for (const [i, expected] of rows.entries()) {
      const cells = (lines[i + 1] as string).slice(1, -1).split('","');
      // a nameless dealer is shown by its contact name
      expect(cells.slice(1)).toEqual(expected.slice(1));
      if (expected[0] !== 'Dealer') expect(cells[0]).toBe(expected[0]);
    }
  });

  test('When filtered, Then the export holds the filtered dealers only', async () => {
    const res = await exportCsv({ past_due: 'over_90' });
    const expected = seeded.filter((dealer) => expectedRow(dealer).buckets.over_90 > 0);
    expect((res.body as string).split('\r\n')).toHaveLength(expected.length + 2);
  });
});

describe('the first page on a large table', () => {
  const DEALERS = 20_000;
  const ORDERS = 200_000;

  beforeAll(async () => {
    await db().query(
      `INSERT INTO known_dealers (dealer_id, business_name, email)
       SELECT 'BULK' || lpad(i::text, 6, '0'), 'Bulk ' || md5(i::text), 'bulk' || i || '@example.com'
       FROM generate_series(1, $1) i`,
      [DEALERS],
    );
    // one dealer in ten owes something: the walk passes nine dealers for each it keeps
    await db().query(
      `INSERT INTO orders (order_id, dealer_id, status, total_cents, paid_cents, confirmed_at)
       SELECT 'BULK-O' || i, 'BULK' || lpad((1 + i % $2)::text, 6, '0'), 'confirmed', 10000,
         CASE WHEN i % $2 % 10 = 0 AND i % 3 = 0 THEN 5000 ELSE 10000 END,
         now() - (i % 120) * interval '1 day'
       FROM generate_series(1, $1) i`,
      [ORDERS, DEALERS],
    );
    await db().query('ANALYZE orders');
    await db().query('ANALYZE known_dealers');
  }, 120_000);

  /** rows a node produced over all its loops */
  const rowsOf = (node: PlanNode | undefined) => (node?.['Actual Rows'] ?? 0) * (node?.['Actual Loops'] ?? 1);

  /** The first page the service reads for `search`, with its plan (EXPLAIN ANALYZE). */
  async function explainFirstPage(search?: string) {
    const manager = db().manager;
    const reads: { sql: string; params: unknown[] }[] = [];
    const watching = {
      query: (sql: string, params: unknown[] = []) => {
        reads.push({ sql, params });
        return manager.query(sql, params);
      },
    } as unknown as EntityManager;
    const filter = { defaultTermsDays: 30, asOfDay: today(), timeZone: ZONE, search };
    const page = await readArAgingPage(watching, { limit: 50 }, filter, { q: search });
    const read = reads.find((r) => r.sql.includes('ORDER BY'));
    if (!read) throw new Error('no page read');
    const [explained] = await manager.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${read.sql}`, read.params);
    const nodes = planNodes(explained['QUERY PLAN'][0].Plan);
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
    return { page, nodes };
  }

  test('When the first page is read, Then the dealers are walked along the name index and only unpaid orders are read', async () => {
    const { page, nodes } = await explainFirstPage();
    expect(page.rows).toHaveLength(50);
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Sort');
    // about ten dealers walked for each one kept, not the 20,000 of the table
    expect(rowsOf(nodes.find((n) => n['Index Name'] === 'known_dealers_name_idx'))).toBeLessThan(2_000);
    const unpaid = nodes.filter((n) => n['Index Name'] === 'orders_unpaid_dealer_idx');
    expect(unpaid.length).toBeGreaterThan(0);
    // only unpaid orders are read, and only of the walked dealers
    for (const node of unpaid) expect(rowsOf(node)).toBeLessThan(5_000);
  });

  test('When the first page is searched, Then the dealers found are the matching ones, read from an index', async () => {
    // the owing dealers are those numbered 1 + a multiple of 10; about 110 of them have 'bulk10' in their email
    const { page } = await explainFirstPage('bulk10');
    expect(page.rows).toHaveLength(50);
    for (const row of page.rows) expect(`bulk${Number(row.dealer_id.slice(4))}@`).toContain('bulk10');
    expect(page.rows.every((row) => row.dealer_id.endsWith('1'))).toBe(true);
  });
});
