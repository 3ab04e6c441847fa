#!/usr/bin/env node
/**
 * Benchmark: a driver's My Routes on a throttled phone (issue 22).
 *
 * Starts the built portal (NODE_ENV=production) on a fresh database, creates 25 dealers and BENCH_DRIVERS delivery
 * users through the API, waits until shipping knows the dealers, then writes BENCH_SHIPMENTS shipments of 8 orders
 * each straight into the shipping service's tables (seeding only: the API would take many minutes): most of them
 * completed long ago, spread over the drivers; the measured driver has 3 open routes (one under way) among them.
 *
 * Then, in headless Chromium (playwright-core, Debian's /usr/bin/chromium), as a phone: a 390×844 touch viewport,
 * the network throttled over CDP to 9 Mbps down and up with 150 ms latency, the CPU 4× slower. Each run starts a
 * fresh browser context (nothing cached, no service worker), opens the sign-in page and lets it settle, then
 * types the driver's email and password and clicks Sign In. Measured from the click:
 *  - usable: the "My Routes" heading shown with the driver's newest open route as the first card (its expand
 *    button), plus one animation frame;
 *  - bytes: every response that finished after the click until the page was quiet for 500 ms (CDP
 *    encodedDataLength: headers and body as they travelled), split into API, JS/CSS and other, plus every fetch
 *    of the driver's service worker (its install and the files it keeps for offline use).
 * Targets: usable ≤ 1,500 ms (p95 of the runs) and ≤ 100 KB moved (largest run).
 *
 *   node scripts/bench/driver-phone.mjs        (after `npx turbo run build`)
 * Settings (environment): BENCH_DATABASE_ADMIN_URL (or TEST_DATABASE_URL), CHROMIUM_PATH (/usr/bin/chromium),
 * BENCH_SHIPMENTS (2000), BENCH_DRIVERS (10), BENCH_RUNS (5), BENCH_VERBOSE=1 (every run's requests).
 * See docs/benchmarks.md for the last figures.
 */
import path from 'node:path';
import { chromium } from 'playwright-core';
import { expectOk, httpClient } from './lib/http.mjs';
import { percentile, secondsSince, until } from './lib/measure.mjs';
import { bytesOf, watchNetwork } from './lib/page-network.mjs';
import { benchPortal, REPO, requireBuilt, requireFiles, runBenchmark, withPortalExit } from './lib/portal.mjs';
import { benchDealer, createDealers } from './lib/seed.mjs';

const WEB_DIST = path.join(REPO, 'web/dist');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 2000);
const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const VERBOSE = Boolean(process.env.BENCH_VERBOSE);
const DEALERS = 25;
const ORDERS_PER_SHIPMENT = 8;
const OPEN_ROUTES = 3;
const TARGET_USABLE_MS = 1500;
const TARGET_BYTES = 100 * 1024;
const QUIET_MS = 500;
/** the phone: 9 Mbps each way, 150 ms latency, a CPU 4× slower than this machine's */
const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (9 * 1000 * 1000) / 8,
  uploadThroughput: (9 * 1000 * 1000) / 8,
};
const CPU_SLOWDOWN = 4;
const ADMIN = { email: 'bench-admin@portal.test', password: 'Bench-admin-password-1' };
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-sync'];

const { send, destroy } = httpClient({ maxSockets: 4 });
const bench = benchPortal({ prefix: 'bench_driver_phone', admin: ADMIN, webDist: WEB_DIST });
let browser;
const cleanUp = async () => {
  destroy();
  await browser?.close().catch(() => undefined);
  await bench.close();
};

async function main() {
  requireBuilt(WEB_DIST);
  requireFiles([[CHROMIUM_PATH, 'install Chromium: bash scripts/ensure-chromium.sh']]);
  try {
    const { url: base, auth } = await bench.open();
    const db = await bench.client();
    console.log(
      `My Routes on a throttled phone: ${SHIPMENTS.toLocaleString('en-US')} shipments of ${ORDERS_PER_SHIPMENT} ` +
        `orders, ${DRIVERS} drivers (NODE_ENV=production)`,
    );
    const { driver, newestOpen } = await seed(base, auth, db);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    console.log(`  browser: Chromium ${browser.version()}`);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await signInAsDriver(base, driver, newestOpen));
    return report(runs);
  } catch (err) {
    throw withPortalExit(err, bench.portal);
  } finally {
    await cleanUp();
  }
}

// ---------------------------------------------------------------------------------------------------- seeding

async function seed(base, auth, db) {
  const started = Date.now();
  const dealers = await createDealers(
    send,
    base,
    auth,
    Array.from({ length: DEALERS }, (_, i) => benchDealer(i)),
  );
  const drivers = [];
  for (let i = 0; i < DRIVERS; i++) {
    const email = `driver-${i}@portal.test`;
    const res = await send(base, 'POST', '/api/admin/create-admin-user', {
      headers: auth,
      body: { email, full_name: `Driver ${i}`, role: 'delivery' },
    });
    expectOk(res, 'create a delivery user');
    drivers.push({ email, full_name: `Driver ${i}`, password: res.body.temporary_password });
  }
  await until('shipping to know the dealers', async () => {
    const { rows } = await db.query('SELECT count(*)::int AS n FROM shipping.known_dealers');
    return rows[0].n >= DEALERS;
  });

  // Shipment g (1 = newest) is made g × 6 hours ago; the measured driver (driver 0) drives every DRIVERS-th one.
  // The newest OPEN_ROUTES of driver 0 are open (the newest under way: its first order delivered); every other
  // shipment is completed.
  await db.query('BEGIN');
  await db.query(
    `CREATE TEMP TABLE seed_shipments ON COMMIT DROP AS
     SELECT g, 'bench-shipment-' || lpad(g::text, 5, '0') AS shipment_id,
       'Route ' || g AS shipment_name,
       clock_timestamp() - g * interval '6 hours' AS created_at,
       (g - 1) % $2 AS driver,
       (g - 1) % $2 = 0 AND (g - 1) / $2 < $3 AS open
     FROM generate_series(1, $1::int) g`,
    [SHIPMENTS, DRIVERS, OPEN_ROUTES],
  );
  await db.query(
    `CREATE TEMP TABLE seed_orders ON COMMIT DROP AS
     SELECT s.shipment_id, s.g, k AS position, gen_random_uuid()::text AS order_id,
       ($1::text[])[1 + (s.g * $2 + k) % cardinality($1::text[])] AS dealer_id,
       CASE WHEN NOT s.open THEN 'delivered'
            WHEN s.g = 1 AND k = 0 THEN 'delivered'
            ELSE 'in_shipment' END AS status,
       s.created_at - interval '2 days' AS created_at
     FROM seed_shipments s CROSS JOIN generate_series(0, $2 - 1) k`,
    [dealers.map((d) => d.id), ORDERS_PER_SHIPMENT],
  );
  await db.query(
    `INSERT INTO shipping.known_orders (order_id, dealer_id, status, total_cents, items, notes, created_at, changed_at)
     SELECT order_id, dealer_id, status, 49998,
       '[{"product_id":"bench","title":"Bench Hub Blind","quantity":2,"price_cents":24999,"is_custom":false}]'::jsonb,
       NULL, created_at, created_at
     FROM seed_orders`,
  );
  await db.query(
    `INSERT INTO shipping.shipments (shipment_id, shipment_name, created_at, created_by, driver_email, driver_name,
                                     departed_at)
     SELECT s.shipment_id, s.shipment_name, s.created_at, $1, 'driver-' || s.driver || '@portal.test',
       'Driver ' || s.driver, CASE WHEN NOT s.open OR s.g = 1 THEN s.created_at + interval '1 hour' END
     FROM seed_shipments s`,
    [ADMIN.email],
  );
  await db.query(
    `INSERT INTO shipping.shipment_orders (shipment_id, order_id, position)
     SELECT shipment_id, order_id, position FROM seed_orders`,
  );
  await db.query('COMMIT');
  await db.query('ANALYZE shipping.known_orders, shipping.shipments, shipping.shipment_orders');

  const driver = drivers[0];
  const driverAuth = await signInApi(base, driver);
  const mine = await send(base, 'GET', '/api/admin/shipment-summaries?driver=me&status=ready,in_progress&limit=20', {
    headers: driverAuth,
  });
  expectOk(mine, 'shipment-summaries as the driver');
  if (mine.body.shipments.length !== OPEN_ROUTES) {
    throw new Error(`the driver has ${mine.body.shipments.length} open routes, not ${OPEN_ROUTES}`);
  }
  const all = await send(base, 'GET', '/api/admin/shipment-summaries?limit=1', { headers: driverAuth });
  expectOk(all, 'shipment-summaries');
  if (all.body.total !== SHIPMENTS) throw new Error(`shipping counts ${all.body.total} shipments, not ${SHIPMENTS}`);
  console.log(`  seeded in ${secondsSince(started)} s (shipments written to shipping's tables)`);
  return { driver, newestOpen: mine.body.shipments[0].shipment_name };
}

async function signInApi(base, user) {
  const res = await send(base, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
  expectOk(res, `sign-in of ${user.email}`);
  return { authorization: `Bearer ${res.body.access_token}` };
}

// ---------------------------------------------------------------------------------------------------- one run

/** Signs the driver in on a fresh throttled phone; answers the time to usable and the responses after the click. */
async function signInAsDriver(base, driver, newestOpen) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const network = watchNetwork(cdp, { quietMs: QUIET_MS });
    // the service worker's own fetches (its install and the files it keeps for offline use) travel too: CDP on the
    // page does not see them, Playwright's context does
    const workerResponses = [];
    context.on('requestfinished', (request) => {
      if (request.serviceWorker()) workerResponses.push(request);
    });

    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 60_000 });
    await network.quiet(60_000);
    await page.getByLabel('Email').fill(driver.email);
    await page.getByLabel('Password').fill(driver.password);

    network.since();
    const clicked = performance.now();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { level: 2, name: 'My Routes' }).waitFor({ timeout: 30_000 });
    const firstCard = page.getByRole('button', { name: newestOpen, exact: false }).first();
    await firstCard.waitFor({ timeout: 30_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    const usableMs = performance.now() - clicked;
    const responses = await network.quiet(60_000);
    await page.waitForTimeout(QUIET_MS);
    for (const request of workerResponses) {
      const sizes = await request.sizes();
      responses.push({
        url: request.url(),
        type: `Worker ${request.resourceType()}`,
        status: (await request.response())?.status(),
        bytes: sizes.responseHeadersSize + sizes.responseBodySize,
        decoded: sizes.responseBodySize,
      });
    }
    if (errors.length) throw new Error(`the page threw: ${errors.join('; ')}`);
    for (const r of responses) {
      r.startMs = r.start - clicked;
      r.endMs = (r.end ?? r.start) - clicked;
    }
    return { usableMs, bytes: bytesOf(responses), responses };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------------- report

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => `${value.toFixed(0)} ms`;

function report(runs) {
  const times = runs.map((r) => r.usableMs).sort((a, b) => a - b);
  const largest = runs.reduce((a, b) => (b.bytes.total > a.bytes.total ? b : a));
  const timeOk = percentile(times, 95) <= TARGET_USABLE_MS;
  const bytesOk = largest.bytes.total <= TARGET_BYTES;
  console.log(`Sign In → My Routes usable, ${runs.length} runs, each a fresh phone (nothing cached):`);
  console.log(
    `  usable: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, max ${ms(times.at(-1))} ` +
      `(target <= ${ms(TARGET_USABLE_MS)}) ${timeOk ? 'ok' : 'MISSED'}`,
  );
  console.log(`  the largest run was usable at ${ms(largest.usableMs)}; its requests, from the click:`);
  const b = largest.bytes;
  console.log(
    `  moved after the click, largest run: ${kb(b.total)} (API ${kb(b.api)} as ${kb(b.apiDecoded)} JSON, ` +
      `JS/CSS ${kb(b.code)}, other ${kb(b.other)}; ${b.requests} requests) ` +
      `(target <= ${kb(TARGET_BYTES)}) ${bytesOk ? 'ok' : 'MISSED'}`,
  );
  const requests = (VERBOSE ? runs : [largest]).flatMap((run) => run.responses);
  for (const r of requests) {
    const u = new URL(r.url);
    console.log(
      `    ${ms(r.startMs)}–${ms(r.endMs)} ${r.type ?? '?'} ${u.pathname}${u.search} ${r.status ?? '?'} ` +
        `${r.bytes} B (${r.decoded} B decoded)`,
    );
  }
  return timeOk && bytesOk;
}

runBenchmark(main, cleanUp);
