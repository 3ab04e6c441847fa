/**
 * Statements and AR aging benchmark (issue 24), end to end through the gateway of the real one-machine portal.
 *
 * Starts the built portal (NODE_ENV=production) on a fresh database and signs in as the admin, then:
 *   1. Statement. One dealer created through the API (so every service hears of it), its terms set through the
 *      API (30 days, a credit limit), and BENCH_STATEMENT_ORDERS orders (5,000) written straight into the order
 *      service's tables (seeding only): spread over the last 24 months, most confirmed and paid in one or two
 *      payments, some paid in part, some unpaid (every age, and the last three weeks'), a few pending or
 *      cancelled. Then GET /api/admin/dealer-statement/{id}?from=<24 months ago>&limit=50 (the statement's first
 *      page of entries, as the web asks for it), accepting compression like a browser: warm-up, then
 *      BENCH_REQUESTS sequential requests. Target: p95 <= 100 ms; the answer's size is printed, its closing
 *      balance checked against the tables, and every page walked by next_cursor (the payments counted, the last
 *      running balance the closing one) and the walk timed (no target). Then the same
 *      statement with format=pdf, BENCH_PDF_RENDERS times one after the other (after one warm-up). Target: p95
 *      <= 1 s; the PDF is read back once with a real PDF parser (unpdf) and must hold the closing balance.
 *   2. AR aging. BENCH_AGING_DEALERS dealers (100,000: the dealer service's table and the order service's
 *      read model, known_dealers) and BENCH_AGING_ORDERS orders (1,000,000 over three years, one line each)
 *      written straight into the tables: a quarter of the dealers paid up, the others with unpaid or part-paid
 *      orders of every age, a twentieth of the orders cancelled, a tenth of the dealers with terms of their
 *      own; then ANALYZE and GET /api/admin/ar-aging?limit=50, warm-up then BENCH_REQUESTS sequential requests.
 *      Target: first page p95 <= 100 ms. A later page (by next_cursor) and a search (q) are timed and printed
 *      with no target. The first page's total and one dealer's balance are checked against the tables.
 * Seeding is INSERT … SELECT generate_series in one transaction per part, not rows from node. The portal is
 * stopped and the database dropped at the end, also on failure. Exits 1 when a target is missed.
 *
 *   node scripts/bench/statements.mjs            (after `npx turbo run build`)
 * Settings (environment):
 *   BENCH_STATEMENT_ORDERS  orders of the statement's dealer (5000)
 *   BENCH_AGING_DEALERS     dealers of the AR aging report (100000; 0 skips the aging part)
 *   BENCH_AGING_ORDERS      their orders (1000000)
 *   BENCH_REQUESTS          sequential requests measured per page (100)
 *   BENCH_PDF_RENDERS       statement PDFs measured (10)
 *   BENCH_STATEMENT_WALKS   walks of every statement page timed (3)
 *   BENCH_DATABASE_ADMIN_URL (or TEST_DATABASE_URL) default postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_KEEP_DATABASE=1   keep the seeded database afterwards (to EXPLAIN ANALYZE the endpoints' statements)
 *   BENCH_NODE_ARGS         extra node flags for the portal, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
 * See docs/benchmarks.md for the last figures.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { answerSize, expectOk, httpClient } from './lib/http.mjs';
import { figures, p95Verdict, secondsSince, timeSequential, until } from './lib/measure.mjs';
import { REPO, runPortalBenchmark } from './lib/portal.mjs';
import { benchDealer, createDealers } from './lib/seed.mjs';

const WEB_DIST = path.join(REPO, 'web/dist');
const STATEMENT_ORDERS = Number(process.env.BENCH_STATEMENT_ORDERS ?? 5_000);
const AGING_DEALERS = Number(process.env.BENCH_AGING_DEALERS ?? 100_000);
const AGING_ORDERS = Number(process.env.BENCH_AGING_ORDERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const PDF_RENDERS = Number(process.env.BENCH_PDF_RENDERS ?? 10);
const WARMUP = 10;
const LATER_PAGE_RUNS = 20;
/** the statement page the Account tab and the dealer detail ask for (the web's page size) */
const STATEMENT_PAGE = 50;
const STATEMENT_WALKS = Number(process.env.BENCH_STATEMENT_WALKS ?? 3);
const TARGET = { statement: 100, pdf: 1000, aging: 100 };
const PRICE_CENTS = 24_999;
const ADMIN = { email: 'bench-admin@portal.test', password: 'Bench-admin-password-1' };
const COMPRESSED = { 'accept-encoding': 'gzip, deflate, br' };

const { send, destroy } = httpClient();

/** Cents as the statement prints them: "12,345.67" (the PDF may put a currency sign before it). */
const dollars = (cents) =>
  (Number(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The first day of a 24-month statement ending today: the same day two years ago (UTC; the orders start later). */
function twoYearsAgo() {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() - 2);
  return day.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------------
// seeding, straight into the services' tables

/**
 * The statement dealer's orders, newest first over the last 720 days (so all of them fall inside a 24-month
 * statement in any timezone): statuses as a business ages them, confirmed an hour after they are placed; paid in
 * full (in two payments for a quarter of them), in half, or not at all, each payment up to 40 days after the
 * confirmation. Answers what the dealer owes (orders not cancelled, minus their payments).
 */
async function seedStatementOrders(db, dealerId) {
  await db.query('BEGIN');
  await db.query(
    `CREATE TEMP TABLE seed_statement ON COMMIT DROP AS
     SELECT g, gen_random_uuid()::text AS order_id,
       CASE WHEN g <= 20 THEN 'pending' WHEN g % 40 = 0 THEN 'cancelled' WHEN g <= 60 THEN 'confirmed'
            WHEN g <= 120 THEN 'shipped' ELSE 'delivered' END AS status,
       -- the last three weeks' orders are not paid yet; older ones mostly are
       CASE WHEN g <= 150 OR g % 11 = 0 THEN 'unpaid' WHEN g % 7 = 0 THEN 'partial' ELSE 'paid' END AS paying,
       1 + g % 5 AS quantity,
       clock_timestamp() - interval '2 hours' - (g::float8 / $1::int) * interval '720 days' AS created_at
     FROM generate_series(1, $1::int) g`,
    [STATEMENT_ORDERS],
  );
  await db.query(
    `ALTER TABLE seed_statement ADD total_cents bigint, ADD paid_cents bigint, ADD confirmed_at timestamptz`,
  );
  await db.query(
    `UPDATE seed_statement SET total_cents = quantity * $1::bigint,
       confirmed_at = CASE WHEN status IN ('pending', 'cancelled') THEN NULL ELSE created_at + interval '1 hour' END`,
    [PRICE_CENTS],
  );
  await db.query(
    `UPDATE seed_statement SET paid_cents = CASE WHEN status IN ('pending', 'cancelled') OR paying = 'unpaid' THEN 0
       WHEN paying = 'partial' THEN total_cents / 2 ELSE total_cents END`,
  );
  await insertOrders(db, 'seed_statement', `$1::text`, [dealerId]);
  await db.query(
    `INSERT INTO "order".payments (payment_id, order_id, payment_method, amount_cents, check_number, notes, created_at)
     SELECT gen_random_uuid()::text, order_id, CASE WHEN g % 3 = 0 THEN 'check' ELSE 'card' END,
       CASE WHEN part = 1 AND paying = 'paid' AND g % 4 = 0 THEN paid_cents / 2
            WHEN part = 2 THEN paid_cents - paid_cents / 2 ELSE paid_cents END,
       CASE WHEN g % 3 = 0 THEN '20' || g || part END, NULL,
       least(clock_timestamp() - interval '1 minute', confirmed_at + (g % 40 + part * 3) * interval '1 day')
     FROM seed_statement, generate_series(1, 2) part
     WHERE paid_cents > 0 AND (part = 1 OR (paying = 'paid' AND g % 4 = 0))`,
  );
  const { rows } = await db.query(
    `SELECT (SELECT count(*)::int FROM "order".payments p JOIN seed_statement s USING (order_id)) AS payments,
       (SELECT sum(total_cents - paid_cents) FROM seed_statement WHERE status <> 'cancelled')::text AS owed`,
  );
  await db.query('COMMIT');
  await db.query('ANALYZE "order".orders, "order".order_lines, "order".payments');
  return { payments: rows[0].payments, owedCents: Number(rows[0].owed) };
}

/**
 * The orders of a seed table (g, order_id, status, quantity, created_at, confirmed_at, total_cents, paid_cents)
 * and their one line each, for the dealers `dealerSql` names (an SQL expression over the seed's columns).
 */
async function insertOrders(db, seed, dealerSql, params = []) {
  await db.query(
    `INSERT INTO "order".orders (order_id, dealer_id, status, notes, po_number, total_cents, paid_cents, confirmed_at,
       created_at, updated_at)
     SELECT order_id, ${dealerSql}, status, NULL, CASE WHEN g % 4 = 0 THEN 'PO-' || g END, total_cents, paid_cents,
       confirmed_at, created_at, coalesce(confirmed_at, created_at) FROM ${seed}`,
    params,
  );
  await db.query(
    `INSERT INTO "order".order_lines (order_id, position, product_id, title, description, quantity, price_cents, is_custom)
     SELECT order_id, 0, 'custom_' || g, 'Hub Blind', NULL, quantity, (total_cents / quantity)::int, true FROM ${seed}`,
  );
}

/** The aging report's dealers: the dealer service's table and the order service's read model of it. */
async function seedAgingDealers(db) {
  await db.query('BEGIN');
  await db.query(
    `INSERT INTO dealer.dealers (dealer_id, business_name, full_name, email, phone, address, city, state, zip_code,
       zone, status, created_at, updated_at)
     SELECT 'A' || lpad(g::text, 6, '0'),
       (ARRAY['Ridge','Timber','Prairie','River','Oak','Cedar','Hollow'])[1 + g % 7] || ' ' ||
         (ARRAY['Outfitters','Sporting Goods','Feed & Farm','Archery','Hunting Supply','Blinds & Stands'])[1 + g % 6]
         || ' #' || g,
       'Pat Dealer ' || g, 'dealer.' || g || '@aging-bench.example.com', '(555) 010-' || lpad((g % 10000)::text, 4, '0'),
       (100 + g % 9000) || ' Main St', 'Springfield', 'IL', '62701', 'Midwest Zone', 'active',
       clock_timestamp() - interval '4 years', clock_timestamp() - interval '4 years'
     FROM generate_series(1, $1::int) g`,
    [AGING_DEALERS],
  );
  await db.query(
    `INSERT INTO "order".known_dealers (dealer_id, business_name, full_name, email, phone, address, city, state,
       zip_code, fields_changed_at)
     SELECT dealer_id, business_name, full_name, email, phone, address, city, state, zip_code, updated_at
     FROM dealer.dealers WHERE dealer_id ~ '^A[0-9]{6}$'`,
  );
  // a tenth of the dealers with terms of their own (15 to 60 days), every twentieth with a credit limit
  await db.query(
    `INSERT INTO "order".dealer_terms (dealer_id, payment_terms_days, credit_limit_cents)
     SELECT 'A' || lpad(g::text, 6, '0'), (ARRAY[15, 30, 45, 60])[1 + (g / 10) % 4],
       CASE WHEN g % 20 = 0 THEN 2500000 END
     FROM generate_series(10, $1::int, 10) g`,
    [AGING_DEALERS],
  );
  await db.query('COMMIT');
}

/**
 * The aging report's orders over the last three years, oldest first as a business takes them, order g for dealer
 * n = 1 + (g · 7919) mod dealers (so each dealer's orders spread over the years). Dealers n ≡ 0 (mod 4) have paid
 * everything; the others' orders are unpaid when recent (under 45 days, one in two) or one in thirteen of any
 * age, paid in half one in seven, else paid. The tables' secondary indexes are built after the rows are in.
 */
async function seedAgingOrders(db) {
  await db.query('BEGIN');
  await db.query(
    `CREATE TEMP TABLE seed_aging ON COMMIT DROP AS
     SELECT *, CASE WHEN status IN ('pending', 'cancelled') THEN NULL ELSE created_at + interval '1 hour' END
         AS confirmed_at,
       CASE WHEN status IN ('pending', 'cancelled') OR paying = 'unpaid' THEN 0
            WHEN paying = 'partial' THEN total_cents / 2 ELSE total_cents END AS paid_cents
     FROM (SELECT g, n, gen_random_uuid()::text AS order_id, 1 + g % 5 AS quantity,
             (1 + g % 5) * $3::bigint AS total_cents,
             CASE WHEN age < 3 AND g % 2 = 0 THEN 'pending' WHEN g % 20 = 0 THEN 'cancelled'
                  WHEN age < 10 THEN 'confirmed' WHEN age < 20 THEN 'shipped' ELSE 'delivered' END AS status,
             CASE WHEN n % 4 = 0 THEN 'paid' WHEN (age < 45 AND g % 2 = 1) OR g % 13 = 0 THEN 'unpaid'
                  WHEN g % 7 = 0 THEN 'partial' ELSE 'paid' END AS paying,
             clock_timestamp() - interval '2 hours' - age * interval '1 day' AS created_at
           FROM (SELECT g, 1 + (g::bigint * 7919) % $2::int AS n, ($1::int - g) * 1095.0 / $1::int AS age
                 FROM generate_series(1, $1::int) g) numbered) orders`,
    [AGING_ORDERS, AGING_DEALERS, PRICE_CENTS],
  );
  const timing = await withIndexesBuiltAfter(
    db,
    ['"order".orders', '"order".order_lines', '"order".payments'],
    async () => {
      await insertOrders(db, 'seed_aging', `'A' || lpad(n::text, 6, '0')`);
      await db.query(
        `INSERT INTO "order".payments (payment_id, order_id, payment_method, amount_cents, check_number, notes, created_at)
       SELECT gen_random_uuid()::text, order_id, 'check', paid_cents, '10' || g, NULL,
         least(clock_timestamp() - interval '1 minute', confirmed_at + (g % 40) * interval '1 day')
       FROM seed_aging WHERE paid_cents > 0`,
      );
    },
  );
  await db.query('COMMIT');
  const analysed = Date.now();
  await db.query(
    'ANALYZE dealer.dealers, "order".known_dealers, "order".dealer_terms, "order".orders, "order".order_lines, "order".payments',
  );
  return { ...timing, analyseS: secondsSince(analysed) };
}

/**
 * Runs `fill` (inside the caller's transaction) with the secondary indexes of `tables` dropped, then builds them
 * again from their own definitions: a million rows go in several times faster (the orders' trigram index alone
 * took half the time row by row), and the tables end as the migrations made them. Unique indexes stay.
 */
async function withIndexesBuiltAfter(db, tables, fill) {
  const { rows } = await db.query(
    `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition FROM pg_index
     WHERE indrelid = ANY($1::text[]::regclass[]) AND NOT indisunique`,
    [tables],
  );
  for (const { name } of rows) await db.query(`DROP INDEX ${name}`);
  const started = Date.now();
  await fill();
  const built = Date.now();
  await db.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const { definition } of rows) await db.query(definition);
  return { rowsS: ((built - started) / 1000).toFixed(1), indexesS: secondsSince(built), indexes: rows.length };
}

// ---------------------------------------------------------------------------------------------------------------
// measuring

/** A response's bytes as the server meant them (a browser-like request may get them compressed). */
function decoded(res) {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'gzip') return gunzipSync(res.raw);
  if (encoding === 'br') return brotliDecompressSync(res.raw);
  if (encoding === 'deflate') return inflateSync(res.raw);
  return res.raw;
}

async function pdfText(pdf) {
  // unpdf is the order service's dependency (its tests read the invoice PDFs), not the scripts'
  const require = createRequire(path.join(REPO, 'services/order/package.json'));
  const { extractText, getDocumentProxy } = await import(pathToFileURL(require.resolve('unpdf')).href);
  return extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
}

/** Reads every page of the statement at `route` (`limit` in it) one after the other: the entries, pages, time. */
async function walkStatement(base, headers, route) {
  const started = performance.now();
  const entries = [];
  let pages = 0;
  let cursor = null;
  do {
    const pageRoute = cursor ? `${route}&cursor=${encodeURIComponent(cursor)}` : route;
    const res = await send(base, 'GET', pageRoute, { headers });
    expectOk(res, pageRoute);
    pages += 1;
    entries.push(...res.body.statement.entries);
    cursor = res.body.statement.next_cursor;
  } while (cursor);
  return { entries, pages, ms: performance.now() - started };
}

async function benchStatement(base, auth, dealerId, seeded) {
  const route = `/api/admin/dealer-statement/${encodeURIComponent(dealerId)}?from=${twoYearsAgo()}`;
  // the first page, as the Account tab and the dealer detail ask for it
  const pageRoute = `${route}&limit=${STATEMENT_PAGE}`;
  const headers = { ...auth, ...COMPRESSED };
  const first = await send(base, 'GET', pageRoute, { headers });
  expectOk(first, pageRoute);
  const { statement } = first.body;
  const closingCents = Math.round(statement.closing_balance * 100);
  // every page once: the pages hold every payment, and the last running balance is the closing balance
  const walk = await walkStatement(base, headers, pageRoute);
  const orderEntries = walk.entries.filter((e) => e.kind === 'order').length;
  const paymentEntries = walk.entries.length - orderEntries;
  const lastBalanceCents = Math.round((walk.entries.at(-1)?.balance ?? statement.opening_balance) * 100);
  if (
    closingCents !== seeded.owedCents ||
    paymentEntries !== seeded.payments ||
    walk.entries.length !== statement.entry_count ||
    lastBalanceCents !== closingCents
  ) {
    throw new Error(
      `the statement says ${dollars(closingCents)} owed over ${paymentEntries} payments (${walk.entries.length} of ` +
        `${statement.entry_count} entries, the last balance ${dollars(lastBalanceCents)}), the tables ` +
        `${dollars(seeded.owedCents)} over ${seeded.payments}`,
    );
  }
  const times = await timeSequential({ warmup: WARMUP, runs: REQUESTS }, async () => {
    const res = await send(base, 'GET', pageRoute, { headers });
    expectOk(res, pageRoute);
    return res.ms;
  });
  const { ok, verdict } = p95Verdict(times, TARGET.statement);
  console.log(
    `dealer-statement first page of ${STATEMENT_PAGE}, 24 months (${orderEntries} orders, ${paymentEntries} payments, ` +
      `${statement.open_invoice_count} open): ${figures(times)} ${verdict}`,
  );
  console.log(
    `  ${answerSize(first)}; closing balance ${dollars(closingCents)} as in the tables; ` +
      `${REQUESTS} sequential requests after ${WARMUP} warm-up`,
  );
  const walks = [];
  for (let i = 0; i < STATEMENT_WALKS; i++) walks.push((await walkStatement(base, headers, pageRoute)).ms);
  console.log(
    `  every page (${walk.pages} pages of ${STATEMENT_PAGE}, ${walk.entries.length} entries, balances carried to ` +
      `the closing balance), one after the other: ${figures(
        walks.sort((a, b) => a - b),
        0,
      )} (${STATEMENT_WALKS} walks; no target)`,
  );
  return { ok, route, closingCents };
}

async function benchStatementPdf(base, auth, route, closingCents) {
  const pdfRoute = `${route}&format=pdf`;
  const headers = { ...auth, ...COMPRESSED, accept: 'application/pdf' };
  const first = await send(base, 'GET', pdfRoute, { headers });
  expectOk(first, pdfRoute);
  const pdf = decoded(first);
  const { totalPages, text } = await pdfText(pdf);
  if (!text.includes(dollars(closingCents))) {
    throw new Error(
      `the statement PDF (${totalPages} pages) does not hold the closing balance ${dollars(closingCents)}`,
    );
  }
  const times = await timeSequential({ warmup: 1, runs: PDF_RENDERS }, async () => {
    const res = await send(base, 'GET', pdfRoute, { headers });
    expectOk(res, pdfRoute);
    return res.ms;
  });
  const { ok, verdict } = p95Verdict(times, TARGET.pdf);
  console.log(
    `dealer-statement PDF (${totalPages} pages, ${(pdf.length / 1024).toFixed(0)} KB, ${(first.raw.length / 1024).toFixed(0)} KB ` +
      `on the wire): ${figures(times, 0)} ${verdict}`,
  );
  console.log(`  first render ${first.ms.toFixed(0)} ms; holds the closing balance; ${PDF_RENDERS} after 1 warm-up`);
  return ok;
}

async function timePage(base, headers, route, runs) {
  return timeSequential({ warmup: Math.min(WARMUP, runs), runs }, async () => {
    const res = await send(base, 'GET', route, { headers });
    expectOk(res, route);
    return res.ms;
  });
}

async function benchAging(base, auth, db) {
  const headers = { ...auth, ...COMPRESSED };
  const route = '/api/admin/ar-aging?limit=50';
  const first = await send(base, 'GET', route, { headers });
  expectOk(first, route);
  const { dealers, total, next_cursor: next } = first.body;
  const { rows } = await db.query(
    `SELECT count(DISTINCT dealer_id)::int AS owing FROM "order".orders
     WHERE dealer_id ~ '^A[0-9]{6}$' AND status <> 'cancelled' AND paid_cents < total_cents`,
  );
  if (dealers.length !== 50 || !next) throw new Error(`${route} answered ${dealers.length} dealers, next ${next}`);
  if (total !== undefined && total < rows[0].owing) {
    throw new Error(`${route} counts ${total} dealers with a balance, the tables at least ${rows[0].owing}`);
  }
  const [sample] = dealers;
  const owed = await db.query(
    `SELECT coalesce(sum(total_cents - paid_cents), 0)::text AS cents FROM "order".orders
     WHERE dealer_id = $1 AND status <> 'cancelled'`,
    [sample.dealer_id],
  );
  if (Math.round(sample.balance * 100) !== Number(owed.rows[0].cents))
    throw new Error(`ar-aging says ${sample.dealer_id} owes ${sample.balance}, the tables ${owed.rows[0].cents} cents`);
  const times = await timePage(base, headers, route, REQUESTS);
  const { ok, verdict } = p95Verdict(times, TARGET.aging);
  console.log(
    `ar-aging, first page of 50 (${rows[0].owing.toLocaleString('en-US')} of ` +
      `${AGING_DEALERS.toLocaleString('en-US')} dealers owe): ${figures(times)} ${verdict}`,
  );
  console.log(
    `  ${total === undefined ? 'no total (the report does not count)' : `total ${total}`}, ${answerSize(first)}; ` +
      `${REQUESTS} sequential requests after ${WARMUP} warm-up`,
  );

  let cursor = next;
  for (let page = 2; page < 10 && cursor; page++) {
    const res = await send(base, 'GET', `${route}&cursor=${encodeURIComponent(cursor)}`, { headers });
    expectOk(res, 'ar-aging next page');
    cursor = res.body.next_cursor;
  }
  if (cursor) {
    const later = await timePage(base, headers, `${route}&cursor=${encodeURIComponent(cursor)}`, LATER_PAGE_RUNS);
    console.log(`  page 10 by next_cursor: ${figures(later)} (no target)`);
  }
  const searchRoute = `${route}&q=${encodeURIComponent('Pat Dealer 4242')}`;
  const search = await send(base, 'GET', searchRoute, { headers });
  expectOk(search, searchRoute);
  const searched = await timePage(base, headers, searchRoute, LATER_PAGE_RUNS);
  console.log(
    `  searched (q=Pat Dealer 4242, ${search.body.dealers.length} dealers): ${figures(searched)} (no target)`,
  );
  return ok;
}

// ---------------------------------------------------------------------------------------------------------------

runPortalBenchmark(
  { prefix: 'bench_statements', admin: ADMIN, webDist: WEB_DIST, title: 'statements and AR aging', closeHttp: destroy },
  async ({ base, auth, db }) => {
    const [dealer] = await createDealers(send, base, auth, [
      benchDealer(0, { business_name: 'Timber Ridge Outfitters' }),
    ]);
    const terms = await send(base, 'PUT', `/api/admin/dealer-terms/${encodeURIComponent(dealer.id)}`, {
      headers: auth,
      body: { payment_terms_days: 30, credit_limit: 250_000 },
    });
    expectOk(terms, 'dealer-terms');
    await until('the order service to know the dealer', async () => {
      const { rows } = await db.query('SELECT 1 FROM "order".known_dealers WHERE dealer_id = $1', [dealer.id]);
      return rows.length === 1;
    });
    let started = Date.now();
    const seeded = await seedStatementOrders(db, dealer.id);
    console.log(
      `  ${STATEMENT_ORDERS.toLocaleString('en-US')} orders and ${seeded.payments.toLocaleString('en-US')} payments ` +
        `of one dealer seeded in ${secondsSince(started)} s (owes ${dollars(seeded.owedCents)})`,
    );
    if (AGING_DEALERS > 0) {
      started = Date.now();
      await seedAgingDealers(db);
      const dealersS = secondsSince(started);
      const orders = await seedAgingOrders(db);
      console.log(
        `  ${AGING_DEALERS.toLocaleString('en-US')} dealers and ${AGING_ORDERS.toLocaleString('en-US')} orders ` +
          `seeded and analysed in ${secondsSince(started)} s (dealers ${dealersS} s, orders, lines and payments ` +
          `${orders.rowsS} s, then their ${orders.indexes} other indexes ${orders.indexesS} s, ANALYZE ${orders.analyseS} s)`,
      );
    }

    const statement = await benchStatement(base, auth, dealer.id, seeded);
    const pdfOk = await benchStatementPdf(base, auth, statement.route, statement.closingCents);
    const agingOk = AGING_DEALERS > 0 ? await benchAging(base, auth, db) : true;
    return statement.ok && pdfOk && agingOk;
  },
);
