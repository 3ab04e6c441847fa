/**
 * create-shipment benchmark (issue 11), end to end through the gateway of the real one-machine portal.
 *
 * Starts the built portal as an operator would (NODE_ENV=production) on a fresh PostgreSQL database, signs in as
 * the admin, creates 25 dealers in 25 states (through the API, so shipping hears of them and the geocoding
 * service places them), then (BENCH_WARMUP + BENCH_SHIPMENTS) × BENCH_SIZE confirmed orders through
 * POST /api/admin/create-order (each announced with order.created). Once shipping's read model lists them all as
 * ready to ship (GET /api/admin/ready-to-ship-orders), it creates shipments of BENCH_SIZE orders one after the
 * other (POST /api/admin/create-shipment, the orders spread over the 25 dealers: 25 stops) and times each reply.
 * Between two shipments it waits until the round trip has settled — the order service moved every order to
 * in_shipment and shipping applied the order.updated of each — so each request meets an idle portal, as a
 * dispatcher's would; that settle time is printed too (no target). Target: reply p95 <= 200 ms.
 * The portal is stopped and the database dropped at the end, also on failure. Exits 1 when the target is missed.
 *
 *   node scripts/bench/shipments.mjs            (after `npx turbo run build`)
 * Settings (environment):
 *   BENCH_DATABASE_ADMIN_URL  (or TEST_DATABASE_URL) default postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_SHIPMENTS   shipments measured (30)
 *   BENCH_WARMUP      shipments made first and not measured (3)
 *   BENCH_SIZE        orders per shipment (100)
 *   BENCH_NODE_ARGS   extra node flags for the portal, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
 * See docs/benchmarks.md for the last figures.
 */
import path from 'node:path';
import { expectOk, httpClient } from './lib/http.mjs';
import { figures, p95Verdict, percentile, secondsSince, until } from './lib/measure.mjs';
import { REPO, runPortalBenchmark } from './lib/portal.mjs';
import { benchDealer, createDealers } from './lib/seed.mjs';

const WEB_DIST = path.join(REPO, 'web/dist');
const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const SIZE = Number(process.env.BENCH_SIZE ?? 100);
const TARGET_P95_MS = 200;
const ORDER_CONCURRENCY = 4;
const ADMIN = { email: 'bench-admin@portal.test', password: 'Bench-admin-password-1' };
// one dealer per state, real ZIP codes (the offline geocoder places them)
const PLACES = [
  ['Wichita', 'KS', '67202'],
  ['Missoula', 'MT', '59801'],
  ['Austin', 'TX', '78701'],
  ['Denver', 'CO', '80202'],
  ['Omaha', 'NE', '68102'],
  ['Tulsa', 'OK', '74103'],
  ['Des Moines', 'IA', '50309'],
  ['Kansas City', 'MO', '64105'],
  ['Little Rock', 'AR', '72201'],
  ['Memphis', 'TN', '38103'],
  ['Springfield', 'IL', '62701'],
  ['Madison', 'WI', '53703'],
  ['Minneapolis', 'MN', '55401'],
  ['Fargo', 'ND', '58102'],
  ['Sioux Falls', 'SD', '57104'],
  ['Boise', 'ID', '83702'],
  ['Cheyenne', 'WY', '82001'],
  ['Albuquerque', 'NM', '87102'],
  ['Phoenix', 'AZ', '85004'],
  ['Salt Lake City', 'UT', '84101'],
  ['Jackson', 'MS', '39201'],
  ['Birmingham', 'AL', '35203'],
  ['Louisville', 'KY', '40202'],
  ['Indianapolis', 'IN', '46204'],
  ['Columbus', 'OH', '43215'],
];

const { send, destroy } = httpClient({ maxSockets: ORDER_CONCURRENCY });

// ---------------------------------------------------------------------------------------------------------------
// setup

/** One dealer per place of PLACES. */
const dealerForms = () =>
  PLACES.map(([city, state, zip_code], i) =>
    benchDealer(i, { business_name: `${city} Blind Supply`, address: `${i + 1} Main Street`, city, state, zip_code }),
  );

/** `count` confirmed orders, the i-th for dealer i mod 25, made ORDER_CONCURRENCY at a time; answers their ids. */
async function createOrders(base, auth, dealers, count) {
  const ids = new Array(count);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= count) return;
      const lines = [{ product_id: 'custom_1', title: 'Ridge Hub Blind', price: 249.99, quantity: 1 + (i % 3) }];
      if (i % 4 === 0) lines.push({ product_id: 'custom_2', title: 'Blind chair', price: 39.5, quantity: 2 });
      const res = await send(base, 'POST', '/api/admin/create-order', {
        headers: auth,
        body: {
          dealer_id: dealers[i % dealers.length],
          product_details: lines,
          status: 'confirmed',
          notes: i % 5 === 0 ? 'Call the day before' : undefined,
        },
      });
      expectOk(res, 'create-order');
      ids[i] = res.body.order.order_id;
    }
  };
  await Promise.all(Array.from({ length: ORDER_CONCURRENCY }, worker));
  return ids;
}

// ---------------------------------------------------------------------------------------------------------------

runPortalBenchmark(
  { prefix: 'bench_shipments', admin: ADMIN, webDist: WEB_DIST, title: 'create-shipment', closeHttp: destroy },
  async ({ base, auth, db }) => {
    const dealers = (await createDealers(send, base, auth, dealerForms())).map((dealer) => dealer.id);
    const total = (WARMUP + SHIPMENTS) * SIZE;
    const seedStarted = Date.now();
    const orderIds = await createOrders(base, auth, dealers, total);
    await until(
      'shipping to list every order as ready to ship',
      async () => {
        const res = await send(base, 'GET', '/api/admin/ready-to-ship-orders', { headers: auth });
        expectOk(res, 'ready-to-ship-orders');
        return res.body.orders.length === total;
      },
      { timeoutMs: 120_000, everyMs: 25 },
    );
    const placed = await db.query('SELECT count(*)::int AS n FROM shipping.known_dealers WHERE lat IS NOT NULL');
    console.log(
      `  ${total} confirmed orders of ${dealers.length} dealers (${placed.rows[0].n} with coordinates) ` +
        `created and ready to ship in ${secondsSince(seedStarted)} s`,
    );

    const updatesApplied = async () =>
      (await db.query(`SELECT count(*)::int AS n FROM shipping.processed_events WHERE type = 'order.updated'`)).rows[0]
        .n;
    const replies = [];
    const settles = [];
    let bytes = 0;
    let stops = 0;
    for (let s = 0; s < WARMUP + SHIPMENTS; s++) {
      const ids = orderIds.slice(s * SIZE, (s + 1) * SIZE);
      const appliedBefore = await updatesApplied();
      const res = await send(base, 'POST', '/api/admin/create-shipment', {
        headers: auth,
        body: { order_ids: ids, shipment_name: `Bench run ${s + 1}` },
      });
      expectOk(res, 'create-shipment');
      if (res.body.message !== `Shipment created successfully with ${SIZE} orders`)
        throw new Error(`create-shipment said "${res.body.message}"`);
      const replied = Date.now();
      // the round trip: the order service moves each order to in_shipment; shipping applies each order.updated
      await until(
        `shipment ${s + 1} to settle`,
        async () => {
          const moved = await db.query(
            `SELECT count(*)::int AS n FROM "order".orders WHERE order_id = ANY($1::text[]) AND status = 'in_shipment'`,
            [ids],
          );
          return moved.rows[0].n === SIZE && (await updatesApplied()) >= appliedBefore + SIZE;
        },
        { timeoutMs: 60_000, everyMs: 25 },
      );
      if (s < WARMUP) continue;
      replies.push(res.ms);
      settles.push(Date.now() - replied);
      bytes = res.bytes;
      stops = res.body.shipment.route.length;
    }
    replies.sort((a, b) => a - b);
    settles.sort((a, b) => a - b);
    const { ok, verdict } = p95Verdict(replies, TARGET_P95_MS);
    console.log(`create-shipment of ${SIZE} orders (${stops} stops): ${figures(replies)} ${verdict}`);
    console.log(
      `  ${SHIPMENTS} shipments measured after ${WARMUP} warm-up, ` + `answer ${(bytes / 1024).toFixed(0)} KB of JSON`,
    );
    console.log(
      `  round trip settled (order service: all in_shipment; shipping: their order.updated applied) ` +
        `p50 ${percentile(settles, 50)} ms, p95 ${percentile(settles, 95)} ms after the reply (no target)`,
    );
    return ok;
  },
);
