/**
 * Lists benchmark (issue 18): the lists that grow with the business, paged on the server, through the gateway of
 * the real one-machine portal at the size of a business in its tenth year.
 *
 * Starts the built portal (NODE_ENV=production) on a fresh database, signs in as the admin, and writes straight
 * into the services' tables what years of events would have left there (seeding only: the API would take hours):
 * BENCH_DEALERS dealers (100,000: the dealer service's table and the order and shipping services' read models),
 * BENCH_ORDERS orders (1,000,000 over ten years, one line each, a quarter paid in half; as a business ages its
 * orders, the newest 5,000 pending, confirmed (2,000 ready to ship) or shipped, the rest delivered or cancelled)
 * and BENCH_SHIPMENTS shipments (50,000, two delivered orders each). Then, for each list, BENCH_REQUESTS sequential requests of:
 *   - the first page (limit=50, as the web asks it): target p95 <= 30 ms;
 *   - a filtered and searched page: target p95 <= 60 ms;
 *   - a page deep in the list by cursor (about BENCH_ORDERS rows deep for orders): target p95 <= 30 ms. The cursor
 *     is one the portal made, for the row that deep (found in the database): paging there 20,000 times would
 *     measure the same query 20,000 times.
 * and prints the bytes of each answer as it travelled (gzip) and as JSON. Exits 1 when a target is missed.
 *
 *   node scripts/bench/lists.mjs            (after `npx turbo run build`)
 * Settings (environment): BENCH_ORDERS (1000000), BENCH_DEALERS (100000), BENCH_SHIPMENTS (50000),
 * BENCH_REQUESTS (100), BENCH_DATABASE_ADMIN_URL (or TEST_DATABASE_URL), BENCH_KEEP_DATABASE=1 (keep the seeded
 * database afterwards, to EXPLAIN a list's queries on it).
 * See docs/benchmarks.md for the last figures.
 */
import path from 'node:path';
import { answerSize, expectOk, httpClient } from './lib/http.mjs';
import { p95Verdict, percentile, secondsSince, timeSequential } from './lib/measure.mjs';
import { benchPortal, REPO, requireBuilt, runBenchmark, withPortalExit } from './lib/portal.mjs';
import { ZIPS } from './lib/us-dealers.mjs';

const WEB_DIST = path.join(REPO, 'web/dist');
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const DEALERS = Number(process.env.BENCH_DEALERS ?? 100_000);
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const WARMUP = 10;
const TARGET = { first: 30, filtered: 60, deep: 30 };
const ADMIN = { email: 'bench-admin@portal.test', password: 'Bench-admin-password-1' };
const ZONES = ['Southern Zone', 'Midwest Zone', 'Eastern Zone', 'Western Zone'];

const { send, destroy } = httpClient();

// ---------------------------------------------------------------------------------------------------------------
// seeding, straight into the services' tables

/** The places dealers are at: real city, state and ZIP combinations. */
function places() {
  const picked = ZIPS.filter((_, i) => i % 7 === 0).slice(0, 2000);
  return {
    cities: picked.map((z) => z.city),
    states: picked.map((z) => z.state),
    zips: picked.map((z) => z.zip),
  };
}

async function seedDealers(db) {
  const { cities, states, zips } = places();
  await db.query('BEGIN');
  await db.query(
    `CREATE TEMP TABLE seed_dealers ON COMMIT DROP AS
     SELECT g, 'D' || lpad(g::text, 6, '0') AS dealer_id,
       (ARRAY['Outfitters','Sporting Goods','Feed & Farm','Archery','Hunting Supply','Blinds & Stands'])[1 + g % 6]
         AS shop,
       ($1::text[])[1 + g % cardinality($1::text[])] AS city,
       ($2::text[])[1 + g % cardinality($2::text[])] AS state,
       ($3::text[])[1 + g % cardinality($3::text[])] AS zip_code,
       ($4::text[])[1 + g % 4] AS zone,
       now() - (g % 3650) * interval '1 day' - g * interval '1 second' AS created_at
     FROM generate_series(1, $5::int) g`,
    [cities, states, zips, ZONES, DEALERS],
  );
  await db.query(
    `INSERT INTO dealer.dealers (dealer_id, business_name, full_name, email, phone, address, city, state, zip_code,
       zone, status, archived_at, created_at, updated_at)
     SELECT dealer_id, city || ' ' || shop || ' #' || g, 'Pat Dealer ' || g, 'dealer.' || g || '@lists-bench.example.com',
       '(555) ' || lpad((100 + g % 900)::text, 3, '0') || '-' || lpad((g % 10000)::text, 4, '0'),
       (100 + g % 9000) || ' Main St', city, state, zip_code, zone,
       CASE WHEN g % 50 = 0 THEN 'archived' WHEN g % 97 = 0 THEN 'pending' ELSE 'active' END,
       CASE WHEN g % 50 = 0 THEN created_at + interval '300 days' END, created_at, created_at
     FROM seed_dealers`,
  );
  for (const schema of ['order', 'shipping']) {
    await db.query(
      `INSERT INTO "${schema}".known_dealers (dealer_id, business_name, full_name, email, phone, address, city, state,
         zip_code, fields_changed_at)
       SELECT dealer_id, business_name, full_name, email, phone, address, city, state, zip_code, updated_at
       FROM dealer.dealers`,
    );
  }
  await db.query('COMMIT');
  await db.query('ANALYZE dealer.dealers, "order".known_dealers, shipping.known_dealers');
}

async function seedOrders(db) {
  await db.query('BEGIN');
  // ten years of orders, newest first every few minutes; each dealer's orders spread over the years
  await db.query(
    `CREATE TEMP TABLE seed_orders ON COMMIT DROP AS
     SELECT g, gen_random_uuid()::text AS order_id, 'D' || lpad((1 + (g::bigint * 7919) % $2::int)::text, 6, '0') AS dealer_id,
       -- as a business ages its orders: the newest waiting or on their way, the rest delivered or cancelled
       CASE WHEN g <= 1000 THEN 'pending' WHEN g <= 3000 THEN 'confirmed' WHEN g <= 5000 THEN 'shipped'
            WHEN g % 10 = 6 THEN 'cancelled' ELSE 'delivered' END AS status,
       1 + g % 5 AS quantity, now() - g * interval '5 minutes' AS created_at
     FROM generate_series(1, $1::int) g`,
    [ORDERS, DEALERS],
  );
  await db.query(
    `INSERT INTO "order".orders (order_id, dealer_id, status, notes, total_cents, paid_cents, created_at, updated_at)
     SELECT order_id, dealer_id, status, NULL, quantity * 24999,
       CASE WHEN status = 'cancelled' THEN 0 WHEN g % 4 = 0 THEN (quantity * 24999) / 2 ELSE quantity * 24999 END,
       created_at, created_at FROM seed_orders`,
  );
  await db.query(
    `INSERT INTO "order".order_lines (order_id, position, product_id, title, description, quantity, price_cents, is_custom)
     SELECT order_id, 0, 'custom_' || g, 'Hub Blind', NULL, quantity, 24999, true FROM seed_orders`,
  );
  await db.query(
    `INSERT INTO "order".payments (payment_id, order_id, payment_method, amount_cents, check_number, notes, created_at)
     SELECT gen_random_uuid()::text, order_id, 'check', CASE WHEN g % 4 = 0 THEN (quantity * 24999) / 2
       ELSE quantity * 24999 END, '10' || g, NULL, created_at + interval '1 day'
     FROM seed_orders WHERE status <> 'cancelled'`,
  );
  // what shipping heard of: the confirmed orders (ready to ship) and the delivered ones its shipments hold
  await db.query(
    `INSERT INTO shipping.known_orders (order_id, dealer_id, status, total_cents, items, notes, created_at, changed_at)
     SELECT order_id, dealer_id, status, quantity * 24999,
       jsonb_build_array(jsonb_build_object('product_id', 'custom_' || g, 'title', 'Hub Blind', 'quantity', quantity,
         'price_cents', 24999, 'is_custom', true)), NULL, created_at, created_at
     FROM seed_orders WHERE status = 'confirmed' OR (status = 'delivered' AND g <= 5000 + $1::int * 3)`,
    [SHIPMENTS],
  );
  await db.query(
    `INSERT INTO shipping.shipments (shipment_id, shipment_name, created_at, created_by)
     SELECT 'S' || lpad(s::text, 6, '0'), 'Route ' || s, now() - s * interval '1 hour', 'bench'
     FROM generate_series(1, $1::int) s`,
    [SHIPMENTS],
  );
  await db.query(
    `INSERT INTO shipping.shipment_orders (shipment_id, order_id, position)
     SELECT 'S' || lpad((1 + (n - 1) / 2)::text, 6, '0'), order_id, (n - 1) % 2
     FROM (SELECT order_id, row_number() OVER (ORDER BY g) AS n FROM seed_orders
           WHERE status = 'delivered' AND g <= 5000 + $1::int * 3) d
     WHERE n <= $1::int * 2`,
    [SHIPMENTS],
  );
  await db.query('COMMIT');
  await db.query(
    'ANALYZE "order".orders, "order".order_lines, "order".payments, shipping.known_orders, shipping.shipments, shipping.shipment_orders',
  );
}

// ---------------------------------------------------------------------------------------------------------------
// measuring

/** A cursor the portal made for the page after `key` (the last row of the page before), as readPage makes it. */
function cursorAfter(realCursor, keys) {
  const body = JSON.parse(Buffer.from(realCursor, 'base64url').toString('utf8'));
  body.k = keys;
  return Buffer.from(JSON.stringify(body)).toString('base64url');
}

async function measure(base, auth, name, route, target, listKey) {
  const headers = { ...auth, 'accept-encoding': 'gzip, deflate, br' };
  const first = await send(base, 'GET', route, { headers });
  expectOk(first, route);
  const rows = first.body[listKey];
  if (!Array.isArray(rows) || rows.length === 0) throw new Error(`${route} answered no ${listKey}`);
  const times = await timeSequential({ warmup: WARMUP, runs: REQUESTS }, async () => {
    const res = await send(base, 'GET', route, { headers });
    expectOk(res, route);
    return res.ms;
  });
  const { ok, verdict } = p95Verdict(times, target);
  console.log(
    `  ${name.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(5)} ms, p95 ${percentile(times, 95)
      .toFixed(1)
      .padStart(5)} ms ${verdict}  ${rows.length} rows of ${first.body.total}, ${answerSize(first)}`,
  );
  return { ok, body: first.body };
}

async function benchLists(base, auth, db) {
  let allOk = true;
  const run = async (...args) => {
    const { ok, body } = await measure(base, auth, ...args);
    allOk &&= ok;
    return body;
  };

  console.log(`all-orders (${ORDERS.toLocaleString('en-US')} orders)`);
  const firstOrders = await run('first page', '/api/admin/all-orders?limit=50', TARGET.first, 'orders');
  await run(
    'delivered, a date range, searched by city',
    `/api/admin/all-orders?limit=50&status=delivered&from=2023-01-01&to=2025-12-31&q=${encodeURIComponent('Springfield')}`,
    TARGET.filtered,
    'orders',
  );
  await run(
    'sorted by total value, unpaid',
    '/api/admin/all-orders?limit=50&sort=-total_value&payment_status=unpaid,partially_paid',
    TARGET.filtered,
    'orders',
  );
  const { rows: deepOrder } = await db.query(
    `SELECT created_at::text AS k0, order_id AS k1 FROM "order".orders ORDER BY created_at DESC, order_id DESC
     OFFSET $1 LIMIT 1`,
    [Math.max(0, ORDERS - 100)],
  );
  const orderCursor = cursorAfter(firstOrders.next_cursor, [deepOrder[0].k0, deepOrder[0].k1]);
  await run(
    `a page ${(ORDERS - 100).toLocaleString('en-US')} rows deep`,
    `/api/admin/all-orders?limit=50&cursor=${orderCursor}`,
    TARGET.deep,
    'orders',
  );
  await run("a dealer's orders, first page", '/api/admin/dealer-orders/D000042?limit=50', TARGET.first, 'orders');

  console.log(`all-dealers-enhanced (${DEALERS.toLocaleString('en-US')} dealers)`);
  await run('first page', '/api/admin/all-dealers-enhanced?limit=50', TARGET.first, 'dealers');
  await run(
    'two zones, searched by contact name',
    `/api/admin/all-dealers-enhanced?limit=50&zone=${encodeURIComponent('Eastern Zone,Western Zone')}&q=${encodeURIComponent('Pat Dealer 42')}`,
    TARGET.filtered,
    'dealers',
  );
  await run(
    'searched by phone digits',
    '/api/admin/all-dealers-enhanced?limit=50&q=555-421',
    TARGET.filtered,
    'dealers',
  );
  await run('dealers-list, sorted by city', '/api/admin/dealers-list?limit=50&sort=city', TARGET.first, 'dealers');

  console.log(`shipments (${SHIPMENTS.toLocaleString('en-US')} shipments)`);
  await run('first page', '/api/admin/shipments?limit=50', TARGET.first, 'shipments');
  await run('completed', '/api/admin/shipments?limit=50&status=completed', TARGET.filtered, 'shipments');
  await run('ready-to-ship-orders, first page', '/api/admin/ready-to-ship-orders?limit=50', TARGET.first, 'orders');
  return allOk;
}

// ---------------------------------------------------------------------------------------------------------------

const bench = benchPortal({ prefix: 'bench_lists', admin: ADMIN, webDist: WEB_DIST });
const cleanUp = async () => {
  destroy();
  await bench.close();
};

async function main() {
  requireBuilt(WEB_DIST);
  try {
    const { url: base, auth } = await bench.open();
    const db = await bench.client();
    let started = Date.now();
    await seedDealers(db);
    console.log(`${DEALERS.toLocaleString('en-US')} dealers seeded in ${secondsSince(started)} s`);
    started = Date.now();
    await seedOrders(db);
    console.log(
      `${ORDERS.toLocaleString('en-US')} orders and ${SHIPMENTS.toLocaleString('en-US')} shipments seeded in ${secondsSince(started)} s`,
    );
    return await benchLists(base, auth, db);
  } catch (err) {
    throw withPortalExit(err, bench.portal);
  } finally {
    await cleanUp();
  }
}

runBenchmark(main, cleanUp);
