#!/usr/bin/env node
/**
 * Load benchmark: a realistic mix of 200 concurrent users for 60 s, against the one-process portal and against the
 * distributed portal (every service and the gateway as its own process over the real RabbitMQ), side by side.
 * Targets: 0 errors (any answer but 2xx or 304, a refused connection or a wrong answer counts) and, with think
 * time, p95 <= 150 ms on every route in both modes (BENCH_LOAD_P95_MS). Prints requests per second and p50/p95 per
 * route for each mode.
 *
 * Each mode starts on a fresh PostgreSQL database (the distributed one on a fresh RabbitMQ vhost) and is seeded
 * through the API as an operator would fill it: 2,000 dealers at real ZIPs and cities (50 with a login through
 * create-dealer, the rest through the bulk import; all placed by the geocoding service from their events), 20
 * products with a picture, the generated website of 200 dealers enabled by the admin, and 5,000 orders over the past
 * year written straight into the order service's tables (as orders.mjs does: the API would take minutes). Once
 * every event is applied, the users run, each in a closed loop: its next action once the last has answered and it
 * has thought for 0.5 to 1.5 × BENCH_LOAD_THINK_MS (default 1000 ms; 0 makes it a stress test like
 * `autocannon -c 200`), 10 s of warm-up and then the measured BENCH_LOAD_SECONDS:
 *   - 10 % admins, asking what the web client asks (pages of 50, filters and search on the server): Manage Dealers
 *     opened (GET all-dealers-enhanced?limit=50), its search (q: a city, a contact name or phone digits; an answer
 *     finding nobody is an error), and the Orders tab (GET all-orders?limit=50: the first page, a status, payment
 *     or sort filter, or the next page by the cursor of the last answer);
 *   - 50 dealers, each signed in: GET /api/dealer/products, then POST /api/dealer/submit-order (1 to 3 products,
 *     a new Idempotency-Key each; one in twenty sent twice with the same key, as a double click, which must answer
 *     the same order);
 *   - the rest public visitors: the locator by ZIP or by "City, ST" (GET /api/public/search-dealers; an answer
 *     without a dealer counts as an error) and dealer websites (GET /api/dealer-website/{id}, revalidated on a
 *     second visit).
 * Every user comes from its own address (198.18.0.0/15, the benchmarking range) in X-Forwarded-For, and the portal
 * runs with TRUST_PROXY=loopback: the benchmark stands where a load balancer would, so the locator's per-client
 * limits (LOCATOR_SEARCHES_PER_MINUTE 6000, LOCATOR_LOOKUPS_PER_MINUTE 120) apply per user as in production and are
 * left at their defaults: a 429 would be an error.
 *
 *   node scripts/bench/load.mjs            (after `npx turbo run build`)
 * Settings (environment):
 *   BENCH_LOAD_SECONDS (60), BENCH_LOAD_WARMUP_SECONDS (10), BENCH_LOAD_USERS (200), BENCH_LOAD_THINK_MS (1000)
 *   BENCH_LOAD_MODES   "one-process,distributed" (either alone to run one)
 *   BENCH_LOAD_DEALERS (2000), BENCH_LOAD_LOGINS (50), BENCH_LOAD_PRODUCTS (20), BENCH_LOAD_ORDERS (5000),
 *   BENCH_LOAD_WEBSITES (200)
 *   BENCH_DATABASE_ADMIN_URL (or TEST_DATABASE_URL)  default postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_AMQP_URL     the broker of the distributed mode (amqp://guest:guest@127.0.0.1:5672); on a local broker a
 *                      vhost of its own is made with rabbitmqctl and deleted afterwards
 * See docs/benchmarks.md for the last figures.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import pg from 'pg';
import sharp from 'sharp';
import { Pool } from 'undici';
import { createDatabase, REPO, requireFiles, runBenchmark, settled, signIn, startPortal } from './lib/portal.mjs';

const require = createRequire(import.meta.url);
const { codes } = createRequire(path.join(REPO, 'services/geocoding/package.json'))('zipcodes');

const num = (name, fallback) => Number(process.env[name] ?? fallback);
const SECONDS = num('BENCH_LOAD_SECONDS', 60);
const WARMUP_SECONDS = num('BENCH_LOAD_WARMUP_SECONDS', 10);
const USERS = num('BENCH_LOAD_USERS', 200);
const THINK_MS = num('BENCH_LOAD_THINK_MS', 1000);
/** every route's p95 in both modes, with think time (issue 18) */
const TARGET_P95_MS = num('BENCH_LOAD_P95_MS', 150);
const DEALERS = num('BENCH_LOAD_DEALERS', 2000);
const LOGINS = Math.min(num('BENCH_LOAD_LOGINS', 50), DEALERS);
const PRODUCTS = num('BENCH_LOAD_PRODUCTS', 20);
const ORDERS = num('BENCH_LOAD_ORDERS', 5000);
const WEBSITES = Math.min(num('BENCH_LOAD_WEBSITES', 200), DEALERS);
const MODES = (process.env.BENCH_LOAD_MODES ?? 'one-process,distributed').split(',').map((m) => m.trim());
const AMQP_URL = process.env.BENCH_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const ADMINS = Math.max(1, Math.round(USERS * 0.1));
const DEALER_USERS = Math.min(LOGINS, USERS - ADMINS - 1);
const VISITORS = USERS - ADMINS - DEALER_USERS;
const IMPORT_BATCH = 500;
const SETTLE_TIMEOUT_MS = 600_000;
const ADMIN = { email: 'bench-admin@portal.test', password: 'Bench-admin-password-1' };
/** TRUST_PROXY=loopback: the benchmark is the load balancer; each user's X-Forwarded-For is its address */
const PORTAL_ENV = { TRUST_PROXY: 'loopback' };

/** The routes in the order the tables list them. */
const ROUTES = [
  'GET all-dealers-enhanced (first page)',
  'GET all-dealers-enhanced (search page)',
  'GET all-orders (page: first, filtered or next)',
  'GET dealer/products',
  'POST dealer/submit-order',
  'POST dealer/submit-order (same key again)',
  'GET public/search-dealers (ZIP)',
  'GET public/search-dealers (city)',
  'GET dealer-website/{id}',
];

// ---------------------------------------------------------------------------------------------------------------
// the places: real ZIPs and cities of the 48 contiguous states and DC (the offline gazetteer knows them)

const STATES = new Set(
  'AL AZ AR CA CO CT DE DC FL GA ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);
const ZIPS = Object.values(codes).filter(
  (c) => STATES.has(c.state) && c.country === 'US' && /^\d{5}$/.test(c.zip) && c.latitude > 24.6 && c.latitude < 49.4,
);
const zipOf = (i) => ZIPS[(i * 7919) % ZIPS.length];
const ZONES = ['Southern Zone', 'Midwest Zone', 'Eastern Zone', 'Western Zone'];
const SHOPS = ['Outfitters', 'Sporting Goods', 'Feed & Farm', 'Archery', 'Hunting Supply', 'Blinds & Stands'];

function dealerRow(i) {
  const zip = zipOf(i);
  return {
    business_name: `${zip.city} ${SHOPS[i % SHOPS.length]} #${i}`,
    full_name: `Pat Dealer ${i}`,
    email: `dealer.${i}@load-bench.example.com`,
    phone: `(555) ${String(100 + (i % 900)).padStart(3, '0')}-${String(i % 10_000).padStart(4, '0')}`,
    address: `${100 + (i % 9000)} Main St`,
    city: zip.city,
    state: zip.state,
    zip_code: zip.zip,
    zone: ZONES[i % ZONES.length],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// setup through the API

async function call(base, method, route, { token, body, form } = {}) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${route}`, {
    method,
    headers,
    body: form ?? (body ? JSON.stringify(body) : undefined),
  });
  const json = await res.json().catch(() => ({}));
  if (res.status !== 200)
    throw new Error(`${method} ${route} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

async function seedThroughApi(base, token, db) {
  const t0 = performance.now();
  const logins = [];
  for (let i = 0; i < LOGINS; i++) {
    const created = await call(base, 'POST', '/api/admin/create-dealer', { token, body: dealerRow(i) });
    logins.push({ dealerId: created.dealer_id, email: created.dealer.email, password: created.temporary_password });
  }
  for (let start = LOGINS; start < DEALERS; start += IMPORT_BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(DEALERS, start + IMPORT_BATCH); i++) rows.push(dealerRow(i));
    const { results } = await call(base, 'POST', '/api/admin/bulk-import-dealers', { token, body: { dealers: rows } });
    if (results.failed_imports || results.duplicate_emails.length)
      throw new Error(`the import rejected rows: ${JSON.stringify(results).slice(0, 300)}`);
  }
  const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#556b2f' } })
    .jpeg()
    .toBuffer();
  const products = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const form = new FormData();
    form.set('title', `Hub Blind ${['Scout', 'Ranger', 'Summit', 'Prairie', 'Timber'][i % 5]} ${i + 1}`);
    form.set('description', 'A five-sided ground blind for two hunters');
    form.set('price', (149 + i * 25 + 0.99).toFixed(2));
    form.set('status', 'active');
    form.set('product_image', new Blob([image], { type: 'image/jpeg' }), `blind-${i}.jpg`);
    products.push((await call(base, 'POST', '/api/admin/create-product', { token, form })).product);
  }
  const { dealers } = await call(base, 'GET', '/api/admin/all-dealers-enhanced', { token });
  if (dealers.length !== DEALERS) throw new Error(`all-dealers-enhanced lists ${dealers.length} of ${DEALERS} dealers`);
  const websites = dealers.slice(0, WEBSITES).map((d) => d.dealer_id);
  for (const dealerId of websites) {
    const form = new FormData();
    form.set('use_own_website', 'false');
    form.set('custom_website_enabled', 'true');
    form.set('description', 'Family-run since 1987: blinds, stands and decoys, with advice from hunters.');
    await call(base, 'POST', `/api/admin/update-dealer-website/${encodeURIComponent(dealerId)}`, { token, form });
  }
  const apiSeconds = (performance.now() - t0) / 1000;
  await until(
    'every dealer geocoded by the geocoding service and known to the order service with every product',
    async () => {
      const { rows } = await db.query(
        `SELECT (SELECT count(*)::int FROM geocoding.dealers WHERE geocoding_status IS NOT NULL) AS geocoded,
                (SELECT count(*)::int FROM "order".known_dealers) AS dealers,
                (SELECT count(*)::int FROM "order".known_products) AS products`,
      );
      return rows[0].geocoded >= DEALERS && rows[0].dealers >= DEALERS && rows[0].products >= PRODUCTS;
    },
  );
  // the places the locator is asked for: those of the dealers it shows (a few ZIP centroids near a state line
  // are refused by the geocoding service's state check and stay off the map)
  const { rows: places } = await db.query(
    'SELECT DISTINCT zip_code AS zip, city, state FROM geocoding.dealers WHERE lat IS NOT NULL ORDER BY zip_code',
  );
  return { logins, products, dealerIds: dealers.map((d) => d.dealer_id), websites, places, apiSeconds };
}

/**
 * ORDERS orders of the dealers over the past year straight into the order service's tables (as orders.mjs): one
 * line, or two for a third of them; statuses of every kind; a quarter paid in full or in half (never a cancelled
 * one). Totals and paid totals agree with the lines and payments, as the service keeps them.
 */
async function seedOrders(db, dealerIds, products) {
  const ids = products.map((p) => p.product_id);
  const titles = products.map((p) => p.title);
  const prices = products.map((p) => Math.round(Number(p.price) * 100));
  await db.query('BEGIN');
  await db.query(
    `CREATE TEMP TABLE seed ON COMMIT DROP AS
     SELECT g, gen_random_uuid()::text AS order_id, ($1::text[])[1 + (g * 7919) % cardinality($1::text[])] AS dealer_id,
       (ARRAY['pending','pending','confirmed','confirmed','in_shipment','shipped','delivered','delivered','delivered',
              'cancelled'])[1 + g % 10] AS status,
       1 + g % 5 AS quantity, g % 3 = 0 AS two_lines,
       1 + (g * 31) % $3::int AS p, 1 + (g * 31 + 7) % $3::int AS p2,
       clock_timestamp() - g * (interval '365 days' / $2::int) AS created_at
     FROM generate_series(1, $2::int) g`,
    [dealerIds, ORDERS, ids.length],
  );
  await db.query(`ALTER TABLE seed ADD total_cents bigint, ADD paid_cents bigint`);
  await db.query(
    `UPDATE seed SET total_cents = quantity * ($1::bigint[])[p] + CASE WHEN two_lines THEN ($1::bigint[])[p2] ELSE 0 END`,
    [prices],
  );
  await db.query(
    `UPDATE seed SET paid_cents = CASE WHEN status = 'cancelled' OR g % 4 <> 0 THEN 0
                                       WHEN g % 8 = 0 THEN total_cents ELSE total_cents / 2 END`,
  );
  await db.query(
    `INSERT INTO "order".orders (order_id, dealer_id, status, notes, total_cents, paid_cents, created_at, updated_at)
     SELECT order_id, dealer_id, status, CASE WHEN g % 5 = 0 THEN 'Deliver before opening day' END,
       total_cents, paid_cents, created_at, created_at FROM seed`,
  );
  await db.query(
    `INSERT INTO "order".order_lines (order_id, position, product_id, title, description, quantity, price_cents, is_custom)
     SELECT order_id, 0, ($1::text[])[p], ($2::text[])[p], NULL, quantity, ($3::bigint[])[p], false FROM seed
     UNION ALL
     SELECT order_id, 1, ($1::text[])[p2], ($2::text[])[p2], NULL, 1, ($3::bigint[])[p2], false FROM seed WHERE two_lines`,
    [ids, titles, prices],
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

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what, check, timeoutMs = SETTLE_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/**
 * PostgreSQL connections while the users run, sampled every half second: the peak over the whole server (other
 * work on the machine included) and of the portal's database, against max_connections. A server at its limit
 * refuses new connections (53300), which the services answer 503.
 */
function watchConnections(db) {
  const peak = { server: 0, portal: 0, max: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await db.query(
        `SELECT count(*)::int AS server, count(*) FILTER (WHERE datname = current_database())::int AS portal,
                current_setting('max_connections')::int AS max FROM pg_stat_activity`,
      );
      peak.server = Math.max(peak.server, rows[0].server);
      peak.portal = Math.max(peak.portal, rows[0].portal);
      peak.max = rows[0].max;
      await sleep(500);
    }
  })().catch(() => undefined); // the client closed by a signal's clean-up
  return {
    stop: async () => {
      running = false;
      await loop;
      return peak;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// the users

const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** A user's address in 198.18.0.0/15 (RFC 2544, for benchmarks). */
const addressOf = (n) => `198.18.${(n >> 8) & 255}.${n & 255}`;

class Stats {
  constructor() {
    this.routes = new Map(ROUTES.map((r) => [r, { times: [], ok: 0, notModified: 0, errors: 0, bytes: 0 }]));
    this.errorSamples = [];
    this.recording = false;
  }
  record(route, ms, outcome, bytes, detail) {
    if (!this.recording) {
      if (outcome === 'error') this.sample(route, detail, 'warm-up');
      return;
    }
    const r = this.routes.get(route);
    r.times.push(ms);
    r.bytes += bytes;
    if (outcome === 'error') {
      r.errors += 1;
      this.sample(route, detail);
    } else if (outcome === 304) r.notModified += 1;
    else r.ok += 1;
  }
  sample(route, detail, phase = 'measured') {
    this.warmupErrors = (this.warmupErrors ?? 0) + (phase === 'warm-up' ? 1 : 0);
    if (this.errorSamples.length < 10) this.errorSamples.push(`${phase} ${route}: ${detail}`);
  }
}

/** The encodings the users accept, as browsers do; an answer kept is decoded (the time is to the last byte). */
const DECODE = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };

/**
 * One request; the whole body is read (time to the last byte). Answers status, headers, body (when `keep`) and the
 * outcome: 200-299 or 304 are answers, anything else (or a failed connection) an error.
 */
async function send(pool, stats, route, user, { method = 'GET', path: target, headers = {}, body, keep = false }) {
  const started = performance.now();
  let status = 0;
  let received = 0;
  let text = '';
  let resHeaders = {};
  try {
    const res = await pool.request({
      method,
      path: target,
      headers: {
        'x-forwarded-for': user.address,
        'user-agent': 'portal-load-bench',
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(user.token ? { authorization: `Bearer ${user.token}` } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    status = res.statusCode;
    resHeaders = res.headers;
    const chunks = [];
    for await (const chunk of res.body) {
      received += chunk.length;
      if (keep || status >= 300) chunks.push(chunk);
    }
    const bytes = Buffer.concat(chunks);
    const decode = DECODE[res.headers['content-encoding']];
    text = chunks.length ? (decode ? decode(bytes) : bytes).toString('utf8') : '';
  } catch (err) {
    const ms = performance.now() - started;
    stats.record(route, ms, 'error', received, `${err.code ?? ''} ${err.message}`);
    return { status: 0, ok: false };
  }
  const ms = performance.now() - started;
  const ok = (status >= 200 && status < 300) || status === 304;
  let json;
  if (ok && keep && status !== 304) {
    try {
      json = JSON.parse(text);
    } catch {
      stats.record(route, ms, 'error', received, `${status} not JSON: ${text.slice(0, 120)}`);
      return { status, ok: false };
    }
  }
  return {
    status,
    ok,
    json,
    headers: resHeaders,
    /** records the outcome, or an error with `wrong` when the answer is not what was asked for */
    done(wrong) {
      if (!ok) stats.record(route, ms, 'error', received, `${status} ${text.slice(0, 200)}`);
      else if (wrong) stats.record(route, ms, 'error', received, `${status} ${wrong}`);
      else stats.record(route, ms, status === 304 ? 304 : 'ok', received);
    },
  };
}

/** What the web client asks for: one page of 50, its filters and search sent to the server (issue 18). */
const PAGE = 'limit=50';
const ORDER_FILTERS = [
  'status=delivered',
  'status=pending,confirmed',
  'payment_status=unpaid,partially_paid',
  'sort=-total_value',
];

async function adminStep(ctx, user) {
  const r = Math.random();
  const gzip = { 'accept-encoding': 'gzip, deflate, br' };
  if (r < 0.25) {
    // Manage Dealers opened: its first page
    const res = await send(ctx.pool, ctx.stats, ROUTES[0], user, {
      path: `/api/admin/all-dealers-enhanced?${PAGE}`,
      headers: gzip,
      keep: true,
    });
    res.done?.(res.ok && !Array.isArray(res.json?.dealers) ? 'no dealers list' : undefined);
  } else if (r < 0.5) {
    // the search box: the server searches (a city, a contact name or phone digits, as people type them)
    const i = Math.floor(Math.random() * DEALERS);
    const q = [dealerRow(i).city, `Pat Dealer ${i}`, String(100 + (i % 900))][i % 3];
    const res = await send(ctx.pool, ctx.stats, ROUTES[1], user, {
      path: `/api/admin/all-dealers-enhanced?${PAGE}&q=${encodeURIComponent(q)}`,
      headers: gzip,
      keep: true,
    });
    res.done?.(res.ok && !(res.json?.total >= 1) ? `no dealer found for "${q}"` : undefined);
  } else {
    // the Orders tab: its first page, a filter, or the next page of what the user scrolled
    const filter = ORDER_FILTERS[Math.floor(Math.random() * ORDER_FILTERS.length)];
    const cursor = user.ordersCursor && Math.random() < 0.5 ? `&cursor=${encodeURIComponent(user.ordersCursor)}` : '';
    const query = cursor ? `${PAGE}${user.ordersQuery}${cursor}` : `${PAGE}${Math.random() < 0.5 ? `&${filter}` : ''}`;
    const res = await send(ctx.pool, ctx.stats, ROUTES[2], user, {
      path: `/api/admin/all-orders?${query}`,
      headers: gzip,
      keep: true,
    });
    if (res.ok) {
      user.ordersCursor = res.json?.next_cursor ?? undefined;
      user.ordersQuery = cursor ? user.ordersQuery : query.slice(PAGE.length);
    }
    res.done?.(res.ok && !Array.isArray(res.json?.orders) ? 'no orders list' : undefined);
  }
}

async function dealerStep(ctx, user) {
  const list = await send(ctx.pool, ctx.stats, ROUTES[3], user, { path: '/api/dealer/products', keep: true });
  const products = list.json?.products;
  list.done?.(list.ok && list.status === 200 && !products?.length ? 'no products listed' : undefined);
  if (!products?.length) return;
  const lines = [];
  for (const product of [...products].sort(() => Math.random() - 0.5).slice(0, 1 + Math.floor(Math.random() * 3)))
    lines.push({ product_id: product.product_id, quantity: 1 + Math.floor(Math.random() * 5) });
  const key = randomUUID();
  const body = { product_orders: lines, notes: Math.random() < 0.3 ? 'Please deliver before opening day' : undefined };
  const submit = async (route) => {
    const res = await send(ctx.pool, ctx.stats, route, user, {
      method: 'POST',
      path: '/api/dealer/submit-order',
      headers: { 'idempotency-key': key },
      body,
      keep: true,
    });
    return res;
  };
  const first = await submit(ROUTES[4]);
  const orderId = first.json?.order_id;
  first.done?.(first.ok && !orderId ? 'no order_id in the answer' : undefined);
  if (orderId && Math.random() < 0.05) {
    const again = await submit(ROUTES[5]);
    again.done?.(again.ok && again.json?.order_id !== orderId ? `another order: ${again.json?.order_id}` : undefined);
  }
}

async function visitorStep(ctx, user) {
  const r = Math.random();
  if (r < 0.5) {
    const byZip = r < 0.25;
    const place = pick(ctx.places);
    const query = byZip ? place.zip : `${place.city}, ${place.state}`;
    const res = await send(ctx.pool, ctx.stats, byZip ? ROUTES[6] : ROUTES[7], user, {
      path: `/api/public/search-dealers?query=${encodeURIComponent(query)}`,
      keep: true,
    });
    res.done?.(res.ok && !res.json?.dealers?.length ? `no dealer found for "${query}"` : undefined);
  } else {
    const dealerId = pick(ctx.websites);
    const etag = user.etags[dealerId];
    const res = await send(ctx.pool, ctx.stats, ROUTES[8], user, {
      path: `/api/dealer-website/${encodeURIComponent(dealerId)}`,
      headers: { accept: 'text/html', ...(etag ? { 'if-none-match': etag } : {}) },
    });
    if (res.ok && res.headers.etag) user.etags[dealerId] = res.headers.etag;
    res.done?.(
      res.ok && res.status === 200 && !String(res.headers['content-type']).startsWith('text/html')
        ? 'not HTML'
        : undefined,
    );
  }
}

async function userLoop(ctx, user, step) {
  while (!ctx.stopped) {
    await step(ctx, user);
    if (THINK_MS > 0) await sleep(THINK_MS * (0.5 + Math.random()));
  }
}

/** Runs the users: warm-up, then the measured seconds. Answers the stats. */
async function runUsers(base, setup) {
  const url = new URL(base);
  const pool = new Pool(url.origin, {
    connections: USERS + 8,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    headersTimeout: 120_000,
    bodyTimeout: 120_000,
  });
  const stats = new Stats();
  const ctx = { pool, stats, stopped: false, places: setup.places, websites: setup.websites };
  const users = [];
  let n = 1;
  for (let i = 0; i < ADMINS; i++)
    users.push({ role: 'admin', token: setup.adminTokens[i % setup.adminTokens.length] });
  for (let i = 0; i < DEALER_USERS; i++) users.push({ role: 'dealer', token: setup.dealerTokens[i] });
  for (let i = 0; i < VISITORS; i++) users.push({ role: 'visitor', token: null });
  for (const user of users) Object.assign(user, { address: addressOf(n++), etags: {} });
  const steps = { admin: adminStep, dealer: dealerStep, visitor: visitorStep };
  const loops = users.map((user) => userLoop(ctx, user, steps[user.role]));
  await sleep(WARMUP_SECONDS * 1000);
  stats.recording = true;
  const started = performance.now();
  const load = [loadavg()[0]];
  await sleep(SECONDS * 1000);
  stats.recording = false;
  stats.seconds = (performance.now() - started) / 1000;
  ctx.stopped = true;
  await Promise.all(loops);
  load.push(loadavg()[0]);
  stats.load = load;
  await pool.close();
  return stats;
}

// ---------------------------------------------------------------------------------------------------------------
// the two portals

/** A vhost of its own on a local broker (the distributed services always use exchange portal.events, queues portal.*). */
async function brokerVhost() {
  const base = new URL(AMQP_URL);
  if (!['127.0.0.1', 'localhost'].includes(base.hostname) || !['', '/'].includes(base.pathname))
    return { url: AMQP_URL, drop: async () => undefined };
  const run = promisify(execFile);
  const vhost = `load-bench-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  try {
    await run('rabbitmqctl', ['add_vhost', vhost], { timeout: 60_000 });
    await run(
      'rabbitmqctl',
      ['set_permissions', '-p', vhost, decodeURIComponent(base.username || 'guest'), '.*', '.*', '.*'],
      {
        timeout: 60_000,
      },
    );
  } catch (err) {
    console.log(`  (no vhost of its own: ${err.message.split('\n')[0]}; using ${base.host}/ as it is)`);
    await run('rabbitmqctl', ['delete_vhost', vhost]).catch(() => undefined);
    return { url: AMQP_URL, drop: async () => undefined };
  }
  const url = new URL(base);
  url.pathname = `/${encodeURIComponent(vhost)}`;
  return {
    url: url.toString(),
    drop: () => run('rabbitmqctl', ['delete_vhost', vhost], { timeout: 60_000 }).catch(() => undefined),
  };
}

/** What to undo, last first; cleanUp() runs them one at a time, also when called again meanwhile (a signal). */
const cleanups = [];
let cleaning = Promise.resolve();
function cleanUp() {
  cleaning = cleaning.then(async () => {
    while (cleanups.length) {
      const task = cleanups.pop();
      await task().catch((err) => console.error(`clean-up: ${err.message}`));
    }
  });
  return cleaning;
}

async function startMode(mode, database, dataDir) {
  if (mode === 'one-process') {
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const portal = await startPortal({
      databaseUrl: database.url,
      dataDir,
      admin: ADMIN,
      webDist: path.join(REPO, 'web/dist'),
      nodeArgs,
      env: PORTAL_ENV,
    });
    cleanups.push(() => portal.stop());
    return { url: portal.url, describe: 'one Node process (the gateway and 8 services, in-process event bus)' };
  }
  const { startDistributedPortal } = require(path.join(REPO, 'deploy/local/dist/portal-processes.js'));
  const broker = await brokerVhost();
  cleanups.push(broker.drop);
  const exits = [];
  const portal = await startDistributedPortal({
    repo: REPO,
    dataDir,
    databaseUrl: database.url,
    amqpUrl: broker.url,
    gatewayPort: 0,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...PORTAL_ENV,
    },
    onUnexpectedExit: (name, code, signal) => exits.push(`${name} ended (${signal ?? code})`),
    // warnings and errors the processes log (LOG_LEVEL=warn), e.g. why a request answered 503
    onOutput: (name, line) => {
      if (exits.length < 10 && /"level":(40|50|60)/.test(line)) exits.push(`${name} logged ${line.slice(0, 300)}`);
    },
  });
  cleanups.push(() => portal.stop());
  const url = portal.url.replace('//localhost:', '//127.0.0.1:');
  return {
    url,
    exits,
    describe: `9 Node processes (gateway and 8 services) over RabbitMQ vhost ${new URL(broker.url).pathname.slice(1) || '/'}`,
  };
}

async function runMode(mode) {
  console.log(`\n== ${mode}`);
  const database = await createDatabase(`bench_load_${mode.replace('-', '_')}`);
  cleanups.push(() => database.drop());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-load-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  cleanups.push(() => db.end());
  const t0 = performance.now();
  const portal = await startMode(mode, database, dataDir);
  console.log(`  ${portal.describe}: ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const admin = (await signIn(portal.url, ADMIN)).access_token;
  const seeded = await seedThroughApi(portal.url, admin, db);
  const t1 = performance.now();
  await seedOrders(db, seeded.dealerIds, seeded.products);
  await settled(db);
  console.log(
    `  seeded ${DEALERS} dealers (${LOGINS} with a login; on the map at ${seeded.places.length} ZIPs), ${PRODUCTS} products, ` +
      `${WEBSITES} websites through the API ` +
      `in ${seeded.apiSeconds.toFixed(1)} s; ${ORDERS} orders by SQL; every event applied ` +
      `${((performance.now() - t1) / 1000).toFixed(1)} s later`,
  );
  const adminTokens = [admin];
  for (let i = 1; i < Math.min(ADMINS, 5); i++) adminTokens.push((await signIn(portal.url, ADMIN)).access_token);
  const dealerTokens = [];
  for (const login of seeded.logins.slice(0, DEALER_USERS))
    dealerTokens.push((await signIn(portal.url, { email: login.email, password: login.password })).access_token);
  const { places } = seeded;
  // the locator answers both kinds of query before the users start
  for (const query of [places[0].zip, `${places[1].city}, ${places[1].state}`]) {
    const found = await call(portal.url, 'GET', `/api/public/search-dealers?query=${encodeURIComponent(query)}`);
    if (!found.dealers.length) throw new Error(`the locator found no dealer for "${query}"`);
  }
  console.log(
    `  ${USERS} users (${ADMINS} admins, ${DEALER_USERS} dealers, ${VISITORS} visitors), think time ${THINK_MS} ms: ` +
      `${WARMUP_SECONDS} s warm-up, then ${SECONDS} s measured`,
  );
  const connections = watchConnections(db);
  const stats = await runUsers(portal.url, {
    adminTokens,
    dealerTokens,
    places,
    websites: seeded.websites,
  });
  stats.connections = await connections.stop();
  // what the processes said (distributed mode): ended processes, warnings and errors logged
  if (portal.exits?.length) stats.errorSamples.push(...portal.exits.map((e) => `process: ${e}`));
  printMode(stats);
  await cleanUp();
  return stats;
}

// ---------------------------------------------------------------------------------------------------------------
// figures

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
const ms = (v) => (Number.isNaN(v) ? '—' : v >= 100 ? `${Math.round(v)}` : v.toFixed(1));

function summary(stats) {
  const rows = [];
  let total = 0;
  let errors = 0;
  const all = [];
  for (const [route, r] of stats.routes) {
    const sorted = [...r.times].sort((a, b) => a - b);
    total += sorted.length;
    errors += r.errors;
    all.push(...sorted);
    rows.push({
      route,
      requests: sorted.length,
      rps: sorted.length / stats.seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      notModified: r.notModified,
      errors: r.errors,
      mb: r.bytes / 1024 / 1024,
    });
  }
  all.sort((a, b) => a - b);
  return {
    rows,
    total: { requests: total, rps: total / stats.seconds, p50: percentile(all, 50), p95: percentile(all, 95), errors },
  };
}

function printMode(stats) {
  const { rows, total } = summary(stats);
  const pad = Math.max(...ROUTES.map((r) => r.length));
  console.log(`  ${'route'.padEnd(pad)}  requests    req/s   p50 ms   p95 ms    304  errors  MB read`);
  for (const r of rows) {
    console.log(
      `  ${r.route.padEnd(pad)}  ${String(r.requests).padStart(8)} ${r.rps.toFixed(1).padStart(8)} ${ms(r.p50).padStart(8)} ` +
        `${ms(r.p95).padStart(8)} ${String(r.notModified).padStart(6)} ${String(r.errors).padStart(7)} ${r.mb.toFixed(1).padStart(8)}`,
    );
  }
  console.log(
    `  ${'all'.padEnd(pad)}  ${String(total.requests).padStart(8)} ${total.rps.toFixed(1).padStart(8)} ${ms(total.p50).padStart(8)} ` +
      `${ms(total.p95).padStart(8)} ${''.padStart(6)} ${String(total.errors).padStart(7)}`,
  );
  console.log(
    `  measured ${stats.seconds.toFixed(1)} s; load average ${stats.load.map((l) => l.toFixed(1)).join(' → ')} ` +
      `(${stats.warmupErrors ?? 0} errors during the warm-up)`,
  );
  if (stats.connections) {
    const c = stats.connections;
    console.log(
      `  PostgreSQL connections at the peak: ${c.portal} of the portal, ${c.server} on the server (max_connections ${c.max})`,
    );
  }
  for (const sample of stats.errorSamples) console.log(`  ! ${sample}`);
}

function printSideBySide(results) {
  const modes = Object.keys(results);
  const summaries = Object.fromEntries(modes.map((m) => [m, summary(results[m])]));
  console.log(`\n== side by side (${USERS} users, ${SECONDS} s measured)`);
  console.log(`| route | ${modes.map((m) => `${m} req/s | ${m} p95 ms`).join(' | ')} |`);
  console.log(`| --- | ${modes.map(() => '---: | ---:').join(' | ')} |`);
  for (const route of ROUTES) {
    const cells = modes.map((m) => {
      const r = summaries[m].rows.find((row) => row.route === route);
      return `${r.rps.toFixed(1)} | ${ms(r.p95)}`;
    });
    console.log(`| ${route} | ${cells.join(' | ')} |`);
  }
  const totals = modes.map((m) => `${summaries[m].total.rps.toFixed(1)} | ${ms(summaries[m].total.p95)}`);
  console.log(
    `| all (errors: ${modes.map((m) => `${m} ${summaries[m].total.errors}`).join(', ')}) | ${totals.join(' | ')} |`,
  );
}

async function main() {
  requireFiles([
    [path.join(REPO, 'deploy/local/dist/start.js'), 'build the portal: npx turbo run build'],
    [path.join(REPO, 'deploy/local/dist/portal-processes.js'), 'build the portal: npx turbo run build'],
  ]);
  for (const mode of MODES)
    if (!['one-process', 'distributed'].includes(mode)) throw new Error(`unknown mode in BENCH_LOAD_MODES: ${mode}`);
  console.log(`load: ${USERS} concurrent users for ${SECONDS} s against ${MODES.join(' and ')}`);
  const results = {};
  try {
    for (const mode of MODES) results[mode] = await runMode(mode);
  } finally {
    await cleanUp();
  }
  printSideBySide(results);
  const errors = Object.values(results).reduce((sum, stats) => sum + summary(stats).total.errors, 0);
  console.log(`errors: ${errors} (target 0) ${errors === 0 ? 'ok' : 'MISSED'}`);
  // with people thinking between clicks every route answers within the target; a stress run needs no errors only
  const slow =
    THINK_MS > 0
      ? Object.entries(results).flatMap(([mode, stats]) =>
          summary(stats)
            .rows.filter((row) => row.p95 > TARGET_P95_MS)
            .map((row) => `${mode} ${row.route} ${row.p95.toFixed(1)} ms`),
        )
      : [];
  if (THINK_MS > 0)
    console.log(`p95 of every route <= ${TARGET_P95_MS} ms: ${slow.length ? `MISSED by ${slow.join('; ')}` : 'ok'}`);
  return errors === 0 && slow.length === 0;
}

runBenchmark(main, cleanUp);
