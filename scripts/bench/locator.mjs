#!/usr/bin/env node
/**
 * Benchmark: the dealer locator and the geocoding console, on the built portal (NODE_ENV=production).
 *
 * 1. Seeds 10,000 dealers through POST /api/admin/bulk-import-dealers (real US ZIPs and cities from the
 *    offline gazetteer), waits until the geocoding service has placed them all (dealer.created events), then
 *    clears their coordinates and runs a bulk repair of all 10,000 (POST /api/admin/bulk-repair-geocoding,
 *    dealer_ids null): dealers/s, target >= 5,000. Then a fresh diagnosis (GET /api/admin/geocoding-diagnosis)
 *    of the 10,000: target <= 2 s.
 * 2. Seeds 90,000 more (100,000 in all), then searches the 5 closest dealers to random points in the US
 *    (GET /api/public/search-dealers?lat=&lng=) through the gateway: 100 warm-up, 1,000 sequential searches
 *    (p50/p95, target p95 <= 10 ms), then 1,500 with 8 in flight (requests/s). Side by side: what WP Store
 *    Locator does per search, a haversine expression over every dealer row in SQL ordered by distance, limit 5,
 *    on the same rows and points, straight to PostgreSQL.
 *
 * Run after a build: `node scripts/bench/locator.mjs`. Settings: BENCH_LOCATOR_DEALERS (100000),
 * BENCH_DATABASE_ADMIN_URL or TEST_DATABASE_URL.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import pg from 'pg';
import { benchPortal, REPO, requireFiles, runBenchmark, withPortalExit } from './lib/portal.mjs';

const require = createRequire(path.join(REPO, 'services/geocoding/package.json'));
const { codes } = require('zipcodes');

const TOTAL = Number(process.env.BENCH_LOCATOR_DEALERS ?? 100_000);
const REPAIR_DEALERS = 10_000;
const BATCH = 1000;
const TARGET_P95_MS = 10;
const TARGET_REPAIR_PER_S = 5000;
const TARGET_DIAGNOSIS_MS = 2000;
const ADMIN = { email: 'bench-admin@portal.test', password: 'Bench-password-2025' };
const bench = benchPortal({ prefix: 'portal_bench_locator', admin: ADMIN, webDist: path.join(REPO, 'web/dist') });

// the 48 contiguous states and DC (the dealer form takes US state codes; military and territory codes are left out)
const STATES = new Set(
  'AL AZ AR CA CO CT DE DC FL GA ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);
const ZIPS = Object.values(codes).filter(
  (c) =>
    STATES.has(c.state) &&
    c.country === 'US' &&
    c.latitude > 24.6 &&
    c.latitude < 49.4 &&
    c.longitude > -124.4 &&
    c.longitude < -66.6,
);

function dealers(from, count) {
  const rows = [];
  for (let i = from; i < from + count; i++) {
    const zip = ZIPS[(i * 7919) % ZIPS.length];
    rows.push({
      full_name: `Pat Dealer ${i}`,
      email: `dealer.${i}@locator-bench.example.com`,
      business_name: `Blinds ${i}`,
      phone: `(555) 010-${String(i % 10_000).padStart(4, '0')}`,
      address: `${100 + (i % 9000)} Main St`,
      city: zip.city,
      state: zip.state,
      zip_code: zip.zip,
      zone: 'Midwest Zone',
    });
  }
  return rows;
}

async function call(url, method, pathname, auth, body) {
  const started = performance.now();
  const res = await fetch(`${url}${pathname}`, {
    method,
    headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => ({}));
  const ms = performance.now() - started;
  if (res.status !== 200)
    throw new Error(`${method} ${pathname} answered ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
  return { json, ms };
}

async function seed(url, auth, from, count) {
  for (let start = from; start < from + count; start += BATCH) {
    const { json } = await call(url, 'POST', '/api/admin/bulk-import-dealers', auth, {
      dealers: dealers(start, Math.min(BATCH, from + count - start)),
    });
    if (json.results.failed_imports)
      throw new Error(`import rejected rows: ${JSON.stringify(json.results).slice(0, 300)}`);
  }
}

async function placed(db, schema) {
  // geocoded (or found unplaceable: a few ZIP centroids lie outside their own state's shape) from their events
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM "${schema}".dealers WHERE geocoded_address_key IS NOT NULL`,
  );
  return rows[0].n;
}

async function waitPlaced(db, schema, n) {
  const until = Date.now() + 300_000;
  while ((await placed(db, schema)) < n) {
    if (Date.now() > until)
      throw new Error(`the geocoding service placed only ${await placed(db, schema)} of ${n} dealers`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const randomPoint = (rand) => ({ lat: 25 + rand() * 24, lng: -124 + rand() * 57 });
function rng(seedValue) {
  let s = seedValue;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

async function main() {
  requireFiles([[path.join(REPO, 'deploy/local/dist/start.js'), 'build the portal: npx turbo run build']]);
  console.log(
    `locator and geocoding console through the gateway (NODE_ENV=production), ${TOTAL.toLocaleString('en-US')} dealers`,
  );
  const { url, auth, databaseName } = await bench.open();
  const dbUrl = new URL(
    process.env.BENCH_DATABASE_ADMIN_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
  );
  dbUrl.pathname = `/${databaseName}`;
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  let ok = true;
  try {
    const schema = 'geocoding';
    // 1. 10,000 dealers: bulk repair and diagnosis
    let t0 = performance.now();
    await seed(url, auth, 0, REPAIR_DEALERS);
    await waitPlaced(db, schema, REPAIR_DEALERS);
    console.log(
      `  seeded ${REPAIR_DEALERS} dealers, all geocoded from their events, in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    await db.query(
      `UPDATE "${schema}".dealers SET lat = NULL, lng = NULL, geocoding_status = NULL, health = 'missing'`,
    );
    const repair = await call(url, 'POST', '/api/admin/bulk-repair-geocoding', auth, {
      dealer_ids: null,
      strategies: ['enhanced_geocoding', 'address_normalization', 'partial_address_geocoding'],
    });
    const rate = repair.json.repair_result.total_processed / (repair.ms / 1000);
    const repairOk = rate >= TARGET_REPAIR_PER_S && repair.json.repair_result.total_processed === REPAIR_DEALERS;
    ok &&= repairOk;
    console.log(
      `bulk repair (offline): ${repair.json.repair_result.successful_repairs}/${repair.json.repair_result.total_processed} dealers in ${(repair.ms / 1000).toFixed(2)} s = ${Math.round(rate)} dealers/s (target >= ${TARGET_REPAIR_PER_S}) ${repairOk ? 'ok' : 'MISSED'}`,
    );
    const diagnosis = await call(url, 'GET', '/api/admin/geocoding-diagnosis', auth);
    const diagnosisOk = diagnosis.ms <= TARGET_DIAGNOSIS_MS;
    ok &&= diagnosisOk;
    console.log(
      `fresh diagnosis of ${diagnosis.json.diagnosis.total_dealers} dealers: ${Math.round(diagnosis.ms)} ms (target <= ${TARGET_DIAGNOSIS_MS} ms) ${diagnosisOk ? 'ok' : 'MISSED'}; healthy ${diagnosis.json.diagnosis.summary.healthy_count}`,
    );

    // 2. 100,000 dealers: the locator against SQL haversine
    t0 = performance.now();
    await seed(url, auth, REPAIR_DEALERS, TOTAL - REPAIR_DEALERS);
    await waitPlaced(db, schema, TOTAL);
    console.log(
      `  seeded ${TOTAL - REPAIR_DEALERS} more dealers (geocoded from their events) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const rand = rng(42);
    const search = (p) =>
      call(url, 'GET', `/api/public/search-dealers?lat=${p.lat.toFixed(5)}&lng=${p.lng.toFixed(5)}`, {});
    for (let i = 0; i < 100; i++) await search(randomPoint(rand));
    const points = Array.from({ length: 1000 }, () => randomPoint(rand));
    const times = [];
    for (const p of points) {
      const { json, ms } = await search(p);
      if (json.dealers.length !== 5) throw new Error(`a search found ${json.dealers.length} dealers`);
      times.push(ms);
    }
    times.sort((a, b) => a - b);
    const burst = Array.from({ length: 1500 }, () => randomPoint(rand));
    t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < burst.length) {
          const point = burst[next];
          next += 1;
          await search(point);
        }
      }),
    );
    const rps = burst.length / ((performance.now() - t0) / 1000);
    // the same search as SQL over every row (WP Store Locator's way)
    const sqlTimes = [];
    const sqlPoints = points.slice(0, 50);
    for (const p of sqlPoints) {
      const started = performance.now();
      await db.query(
        `SELECT dealer_id, 3959 * acos(least(1, cos(radians($1)) * cos(radians(lat)) * cos(radians(lng) - radians($2))
           + sin(radians($1)) * sin(radians(lat)))) AS distance
           FROM "${schema}".dealers WHERE lat IS NOT NULL AND NOT archived AND NOT deleted ORDER BY distance LIMIT 5`,
        [p.lat, p.lng],
      );
      sqlTimes.push(performance.now() - started);
    }
    sqlTimes.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const searchOk = p95 <= TARGET_P95_MS;
    ok &&= searchOk;
    console.log(
      `search-dealers, 5 closest of ${TOTAL} (k-d tree, through the gateway): p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target p95 <= ${TARGET_P95_MS} ms) ${searchOk ? 'ok' : 'MISSED'}; ${Math.round(rps)} req/s with 8 in flight`,
    );
    console.log(
      `  SQL haversine over every row, ordered, limit 5 (straight to PostgreSQL, no HTTP): p50 ${percentile(sqlTimes, 50).toFixed(1)} ms, p95 ${percentile(sqlTimes, 95).toFixed(1)} ms (${sqlPoints.length} queries)`,
    );
    return ok;
  } catch (err) {
    throw withPortalExit(err, bench.portal);
  } finally {
    await db.end().catch(() => undefined);
    await bench.close();
  }
}

runBenchmark(main, () => bench.close());
