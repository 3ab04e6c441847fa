/**
 * Orders benchmark, end to end through the gateway of the real one-machine portal.
 *
 * Starts the built portal as an operator would (NODE_ENV=production) on a fresh PostgreSQL database, signs in as
 * the admin, creates dealers (through the API, so every service hears of them) and a product, then:
 *   1. all-orders: 50,000 orders (1 or 2 lines, a quarter with payments, every status) written straight into the
 *      order service's tables (seeding only: the API would take minutes), then GET /api/admin/all-orders
 *      accepting gzip like a browser: warm-up, then sequential requests. Target: p95 <= 100 ms.
 *   2. submit-order: a dealer signed in through the gateway submits orders one after the other (each with its own
 *      Idempotency-Key). Reply time p95, target <= 20 ms; and, for each order, the time from the reply until every
 *      consumer of order.created (read from the services' definitions: the dealer's order_stats read model,
 *      identity's large-order notice, ...) has applied it (its event id in that service's processed_events).
 * The portal is stopped and the database dropped at the end, also on failure. Exits 1 when a target is missed.
 *
 *   node scripts/bench/orders.mjs            (after `npx turbo run build`)
 * Settings (environment):
 *   BENCH_DATABASE_ADMIN_URL  (or TEST_DATABASE_URL) default postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_ORDERS      orders in the list (50000)
 *   BENCH_REQUESTS    all-orders requests measured (100)
 *   BENCH_SUBMITS     submit-order requests measured (200)
 *   BENCH_NODE_ARGS   extra node flags for the portal, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
 * See docs/benchmarks.md for the last figures.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import sharp from 'sharp';
import { benchPortal, DATABASE_ADMIN_URL, REPO, requireFiles, runBenchmark, withPortalExit } from './lib/portal.mjs';

const WEB_DIST = path.join(REPO, 'web/dist');
const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 200);
const LIST_WARMUP = 10;
const SUBMIT_WARMUP = 20;
const DEALERS = 20;
const TARGET_LIST_P95_MS = 100;
const TARGET_SUBMIT_P95_MS = 20;
const APPLIED_TIMEOUT_MS = 10_000;
const PRICE_CENTS = 24_999;
const ADMIN = { email: 'bench-admin@portal.test', password: 'Bench-admin-password-1' };

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One request over the kept-alive connection; resolves with status, headers, raw body and ms to the last byte. */
function send(base, method, route, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const started = process.hrtime.bigint();
    const req = http.request(
      `${base}${route}`,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            raw: Buffer.concat(chunks),
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function json(res) {
  const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.raw) : res.raw).toString('utf8');
  return { text, body: JSON.parse(text) };
}

function expectOk(res, what) {
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${res.raw.toString('utf8').slice(0, 500)}`);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The services that consume order.created, from their definitions (the built launcher's list). */
function orderCreatedConsumers() {
  const require = createRequire(import.meta.url);
  const { allServices } = require(path.join(REPO, 'deploy/local/dist/services.js'));
  return allServices
    .filter((def) => def.consumers?.['order.created'] || def.batchConsumers?.['order.created'])
    .map((def) => def.name);
}

// ---------------------------------------------------------------------------------------------------------------
// setup

async function createDealers(base, auth) {
  const dealers = [];
  for (let i = 0; i < DEALERS; i++) {
    const res = await send(base, 'POST', '/api/admin/create-dealer', {
      headers: auth,
      body: {
        business_name: `Bench Blinds ${i}`,
        full_name: `Pat Bench ${i}`,
        email: `bench.dealer.${i}@portal.test`,
        phone: '(555) 010-2000',
        address: `${i} Oak Road`,
        city: 'Springfield',
        state: 'IL',
        zip_code: '62701',
        zone: 'Midwest Zone',
      },
    });
    expectOk(res, 'create-dealer');
    const body = json(res).body;
    dealers.push({ id: body.dealer_id, email: body.dealer.email, password: body.temporary_password });
  }
  return dealers;
}

async function createProduct(base, auth) {
  const image = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#556b2f' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('title', 'Bench Hub Blind');
  form.set('description', 'A product for the orders benchmark');
  form.set('price', (PRICE_CENTS / 100).toFixed(2));
  form.set('status', 'active');
  form.set('product_image', new Blob([image], { type: 'image/jpeg' }), 'hub-blind.jpg');
  const res = await fetch(`${base}/api/admin/create-product`, { method: 'POST', headers: auth, body: form });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200) throw new Error(`create-product answered ${res.status}: ${JSON.stringify(body)}`);
  return body.product;
}

/**
 * ORDERS orders of the given dealers straight into the order service's tables, newest first every 7 minutes:
 * 1 line (quantity 1–5) or, for a third of them, 2; statuses of every kind; a quarter paid in full or in half
 * (never a cancelled one). Totals and paid totals agree with the lines and payments, as the service keeps them.
 */
async function seedOrders(db, dealerIds, productId) {
  await db.query('BEGIN');
  await db.query(
    `CREATE TEMP TABLE seed ON COMMIT DROP AS
     SELECT g, gen_random_uuid()::text AS order_id, ($1::text[])[1 + g % cardinality($1::text[])] AS dealer_id,
       (ARRAY['pending','pending','pending','confirmed','confirmed','in_shipment','shipped','delivered','delivered',
              'cancelled'])[1 + g % 10] AS status,
       1 + g % 5 AS quantity, g % 3 = 0 AS two_lines,
       clock_timestamp() - g * interval '7 minutes' AS created_at
     FROM generate_series(1, $2::int) g`,
    [dealerIds, ORDERS],
  );
  await db.query(`ALTER TABLE seed ADD total_cents bigint, ADD paid_cents bigint`);
  await db.query(
    `UPDATE seed SET total_cents = quantity * $1 + CASE WHEN two_lines THEN 1015 ELSE 0 END,
       paid_cents = CASE WHEN status = 'cancelled' OR g % 4 <> 0 THEN 0
                         WHEN g % 8 = 0 THEN quantity * $1 + CASE WHEN two_lines THEN 1015 ELSE 0 END
                         ELSE (quantity * $1) / 2 END`,
    [PRICE_CENTS],
  );
  await db.query(
    `INSERT INTO "order".orders (order_id, dealer_id, status, notes, total_cents, paid_cents, created_at, updated_at)
     SELECT order_id, dealer_id, status, CASE WHEN g % 5 = 0 THEN 'Deliver before opening day' END,
       total_cents, paid_cents, created_at, created_at FROM seed`,
  );
  await db.query(
    `INSERT INTO "order".order_lines (order_id, position, product_id, title, description, quantity, price_cents, is_custom)
     SELECT order_id, 0, $1, 'Bench Hub Blind', 'A product for the orders benchmark', quantity, $2, false FROM seed
     UNION ALL
     SELECT order_id, 1, 'custom_' || g, 'Blind chair', NULL, 1, 1015, true FROM seed WHERE two_lines`,
    [productId, PRICE_CENTS],
  );
  await db.query(
    `INSERT INTO "order".payments (payment_id, order_id, payment_method, amount_cents, check_number, notes, created_at)
     SELECT gen_random_uuid()::text, order_id, CASE WHEN g % 3 = 0 THEN 'check' ELSE 'cash' END, paid_cents,
       CASE WHEN g % 3 = 0 THEN '10' || g END, NULL, created_at + interval '1 day'
     FROM seed WHERE paid_cents > 0`,
  );
  await db.query('COMMIT');
  await db.query('ANALYZE "order".orders, "order".order_lines, "order".payments');
}

// ---------------------------------------------------------------------------------------------------------------
// the benchmarks

async function benchList(base, auth, expected) {
  const route = '/api/admin/all-orders';
  const headers = { ...auth, 'accept-encoding': 'gzip, deflate, br' };
  const first = await send(base, 'GET', route, { headers });
  expectOk(first, route);
  const { text, body } = json(first);
  if (body.orders.length !== expected) throw new Error(`${route} listed ${body.orders.length} orders, not ${expected}`);
  const newest = body.orders[0];
  if (!newest.order_number || newest.dealer_business_name === null || !newest.product_details.length) {
    throw new Error(`${route} answered an incomplete order: ${JSON.stringify(newest).slice(0, 500)}`);
  }
  for (let i = 0; i < LIST_WARMUP; i++) expectOk(await send(base, 'GET', route, { headers }), route);
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const res = await send(base, 'GET', route, { headers });
    expectOk(res, route);
    times.push(res.ms);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const ok = p95 <= TARGET_LIST_P95_MS;
  const encoding = first.headers['content-encoding'];
  const size = encoding
    ? `${mb(first.raw.length)} ${encoding} (${mb(Buffer.byteLength(text))} JSON)`
    : mb(first.raw.length);
  console.log(
    `all-orders (${body.orders.length} orders): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${size} ` +
      `(target p95 <= ${TARGET_LIST_P95_MS} ms) ${ok ? 'ok' : 'MISSED'}`,
  );
  console.log(
    `  ${REQUESTS} sequential requests after ${LIST_WARMUP} warm-up, max ${times.at(-1).toFixed(1)} ms; ` +
      `first read after seeding ${first.ms.toFixed(1)} ms`,
  );
  return ok;
}

/** After one more order: the first read (what changed is rendered again) and the one after it. */
async function listAfterChange(base, auth, dealerAuth, productId) {
  const route = '/api/admin/all-orders';
  const headers = { ...auth, 'accept-encoding': 'gzip, deflate, br' };
  const submitted = await send(base, 'POST', '/api/dealer/submit-order', {
    headers: { ...dealerAuth, 'idempotency-key': randomUUID() },
    body: { product_orders: [{ product_id: productId, quantity: 1 }] },
  });
  expectOk(submitted, 'submit-order');
  const afterChange = await send(base, 'GET', route, { headers });
  expectOk(afterChange, route);
  if (json(afterChange).body.orders[0].order_id !== json(submitted).body.order_id) {
    throw new Error(`${route} after a submit does not start with the new order`);
  }
  const next = await send(base, 'GET', route, { headers });
  expectOk(next, route);
  console.log(
    `  after a new order: first read ${afterChange.ms.toFixed(1)} ms (the list brought up to date), ` +
      `next read ${next.ms.toFixed(1)} ms`,
  );
}

async function benchSubmit(base, dealerAuth, productId, db, consumers) {
  const submitOne = async () => {
    const res = await send(base, 'POST', '/api/dealer/submit-order', {
      headers: { ...dealerAuth, 'idempotency-key': randomUUID() },
      body: { product_orders: [{ product_id: productId, quantity: 2 }], notes: 'bench' },
    });
    const replied = process.hrtime.bigint();
    expectOk(res, 'submit-order');
    const orderId = json(res).body.order_id;
    // the event is in the outbox, committed with the order, before the reply
    const { rows } = await db.query(
      `SELECT id FROM "order".outbox WHERE aggregate_id = $1 AND type = 'order.created'`,
      [orderId],
    );
    if (rows.length !== 1) throw new Error(`order.created of ${orderId} is not in the outbox`);
    const eventId = rows[0].id;
    const applied = {};
    const deadline = Date.now() + APPLIED_TIMEOUT_MS;
    for (;;) {
      const pending = consumers.filter((name) => applied[name] === undefined);
      if (!pending.length) break;
      const check = await db.query(
        `SELECT ${pending
          .map((name, i) => `EXISTS (SELECT 1 FROM "${name}".processed_events WHERE event_id = $1) AS c${i}`)
          .join(', ')}`,
        [eventId],
      );
      const now = process.hrtime.bigint();
      pending.forEach((name, i) => {
        if (check.rows[0][`c${i}`]) applied[name] = Number(now - replied) / 1e6;
      });
      if (Date.now() > deadline) throw new Error(`order.created ${eventId} not applied by ${pending.join(', ')}`);
      await sleep(1);
    }
    return { replyMs: res.ms, applied };
  };

  for (let i = 0; i < SUBMIT_WARMUP; i++) await submitOne();
  const replies = [];
  const appliedBy = Object.fromEntries(consumers.map((name) => [name, []]));
  const appliedByAll = [];
  for (let i = 0; i < SUBMITS; i++) {
    const { replyMs, applied } = await submitOne();
    replies.push(replyMs);
    for (const name of consumers) appliedBy[name].push(applied[name]);
    appliedByAll.push(Math.max(...consumers.map((name) => applied[name])));
  }
  for (const list of [replies, appliedByAll, ...Object.values(appliedBy)]) list.sort((a, b) => a - b);
  const p95 = percentile(replies, 95);
  const ok = p95 <= TARGET_SUBMIT_P95_MS;
  console.log(
    `submit-order (${SUBMITS} sequential, after ${SUBMIT_WARMUP} warm-up): p50 ${percentile(replies, 50).toFixed(1)} ms, ` +
      `p95 ${p95.toFixed(1)} ms, max ${replies.at(-1).toFixed(1)} ms (target p95 <= ${TARGET_SUBMIT_P95_MS} ms) ` +
      `${ok ? 'ok' : 'MISSED'}`,
  );
  console.log(
    `order.created applied by every consumer (${consumers.join(', ')}), from the submit's reply: ` +
      `p50 ${percentile(appliedByAll, 50).toFixed(1)} ms, p95 ${percentile(appliedByAll, 95).toFixed(1)} ms, ` +
      `max ${appliedByAll.at(-1).toFixed(1)} ms (no target)`,
  );
  for (const name of consumers) {
    const times = appliedBy[name];
    console.log(
      `  ${name.padEnd(9)} p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ` +
        `max ${times.at(-1).toFixed(1)} ms`,
    );
  }
  return ok;
}

// ---------------------------------------------------------------------------------------------------------------

const bench = benchPortal({ prefix: 'bench_orders', admin: ADMIN, webDist: WEB_DIST });
let db;
const cleanUp = async () => {
  agent.destroy();
  await db?.end().catch(() => undefined);
  db = undefined;
  await bench.close();
};

async function main() {
  requireFiles([
    [path.join(REPO, 'deploy/local/dist/start.js'), 'build the portal: npx turbo run build'],
    [path.join(WEB_DIST, 'index.html'), 'build the web client: npx turbo run build'],
  ]);
  const consumers = orderCreatedConsumers();
  if (!consumers.length) throw new Error('no service consumes order.created');
  try {
    const { url: base, auth, databaseName } = await bench.open();
    const url = new URL(DATABASE_ADMIN_URL);
    url.pathname = `/${databaseName}`;
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    console.log(`orders through the gateway (NODE_ENV=production, PostgreSQL ${url.host})`);

    const dealers = await createDealers(base, auth);
    const product = await createProduct(base, auth);
    await until('the order service to know the dealers and the product', async () => {
      const { rows } = await db.query(
        `SELECT (SELECT count(*)::int FROM "order".known_dealers) AS dealers,
                (SELECT count(*)::int FROM "order".known_products WHERE product_id = $1) AS products`,
        [product.product_id],
      );
      return rows[0].dealers >= DEALERS && rows[0].products === 1;
    });
    const seedStarted = Date.now();
    await seedOrders(
      db,
      dealers.map((d) => d.id),
      product.product_id,
    );
    console.log(
      `  ${ORDERS} orders of ${DEALERS} dealers seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`,
    );

    const listOk = await benchList(base, auth, ORDERS);

    const [dealer] = dealers;
    const signedIn = await send(base, 'POST', '/api/auth/login', {
      body: { email: dealer.email, password: dealer.password },
    });
    expectOk(signedIn, 'dealer sign-in');
    const dealerAuth = { authorization: `Bearer ${json(signedIn).body.access_token}` };
    await listAfterChange(base, auth, dealerAuth, product.product_id);
    const submitOk = await benchSubmit(base, dealerAuth, product.product_id, db, consumers);
    return listOk && submitOk;
  } catch (err) {
    throw withPortalExit(err, bench.portal);
  } finally {
    await cleanUp();
  }
}

runBenchmark(main, cleanUp);
