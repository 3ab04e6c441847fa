#!/usr/bin/env node
/**
 * Benchmark: the dealer locator and the geocoding console, on the built portal (NODE_ENV=production).
 *
 * 1. Seeds 10,000 dealers through POST /api/admin/bulk-import-dealers (real US ZIPs and cities of the 48
 *    contiguous states and DC, from the offline gazetteer) and waits until the geocoding service has placed
 *    them all (from their dealer.created events) and every service has applied every event. Then, twice,
 *    clears their coordinates (and vacuums the table) and runs a bulk repair of all 10,000
 *    (POST /api/admin/bulk-repair-geocoding, dealer_ids null, the console's default strategies): dealers/s,
 *    target >= 5,000. Then a fresh diagnosis (GET /api/admin/geocoding-diagnosis) of the 10,000, twice: target
 *    <= 2 s. The searches below are rate-limited per client (LOCATOR_SEARCHES_PER_MINUTE, 6,000 by default):
 *    BENCH_SEARCHES above about 1,800 can meet the limit.
 * 2. Seeds 90,000 more (100,000 in all) straight into the geocoding service's read model (geocoding.dealers,
 *    placed on their ZIP's centroid as the service places them, one INSERT and a locator version bump: going
 *    through the import would mean 90,000 dealer.created events applied by six services, several minutes on a
 *    2-core machine, and nothing the search depends on). Then searches the 5 closest dealers to random points
 *    in the US (GET /api/public/search-dealers?lat=&lng=) through the gateway: 200 warm-up, 1,000 sequential
 *    searches (p50/p95, target p95 <= 10 ms), then 2,000 with 8 in flight (requests/s; the portal is one Node
 *    process: one core for its JavaScript). Side by side: what WP Store Locator does per search, a haversine
 *    expression over every dealer row in SQL ordered by distance, limit 5, on the same rows and points, straight
 *    to PostgreSQL (no HTTP), sequential (p50/p95, requests/s).
 *
 * Every measurement starts once the portal is quiet: every outbox row published and no service applied an
 * event for a second (the portal applies events in the same process as it answers requests).
 *
 * Run after a build: `node scripts/bench/locator.mjs`. Settings: BENCH_LOCATOR_DEALERS (100000),
 * BENCH_SEARCHES (1000), BENCH_SEED_IMPORT (1; 0 writes the first 10,000 straight into the read model too: a
 * quicker run while working on the console), BENCH_NODE_ARGS, BENCH_DATABASE_ADMIN_URL or TEST_DATABASE_URL.
 */
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { benchPortal, REPO, requireBuilt, runBenchmark, settled, withPortalExit } from './lib/portal.mjs';
import { importDealers } from './lib/seed.mjs';
import { usDealers, ZIPS } from './lib/us-dealers.mjs';

const TOTAL = Number(process.env.BENCH_LOCATOR_DEALERS ?? 100_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 1000);
const SEED_BY_IMPORT = process.env.BENCH_SEED_IMPORT !== '0';
const REPAIR_DEALERS = Math.min(10_000, TOTAL);
const BATCH = 1000;
const TARGET_P95_MS = 10;
const TARGET_REPAIR_PER_S = 5000;
const TARGET_DIAGNOSIS_MS = 2000;
const SETTLE_TIMEOUT_MS = 600_000;
const ADMIN = { email: 'bench-admin@portal.test', password: 'Bench-password-2025' };
const STRATEGIES = ['enhanced_geocoding', 'address_normalization', 'partial_address_geocoding'];
const bench = benchPortal({ prefix: 'portal_bench_locator', admin: ADMIN, webDist: path.join(REPO, 'web/dist') });

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

const seed = (url, auth, from, count) =>
  importDealers(url, auth, {
    from,
    total: count,
    batchSize: BATCH,
    rowsAt: (start, n) => usDealers(start, n, 'locator-bench.example.com'),
  });

async function placed(db) {
  const { rows } = await db.query(
    'SELECT count(*)::int AS n FROM geocoding.dealers WHERE geocoded_address_key IS NOT NULL',
  );
  return rows[0].n;
}

async function waitPlaced(db, n) {
  const until = Date.now() + SETTLE_TIMEOUT_MS;
  while ((await placed(db)) < n) {
    if (Date.now() > until) throw new Error(`the geocoding service placed only ${await placed(db)} of ${n} dealers`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The dealers above the first 10,000, straight into the geocoding read model, placed on their ZIP's centroid. */
async function seedReadModel(db, from, count) {
  const zips = ZIPS.map((z) => z.zip);
  await db.query('BEGIN');
  try {
    const { rows } = await db.query(
      'UPDATE geocoding.locator_state SET version = version + 1 WHERE id = 1 RETURNING version',
    );
    await db.query(
      `INSERT INTO geocoding.dealers (dealer_id, business_name, full_name, email, phone, address, city, state, zip_code,
         fields_changed_at, lat, lng, geocoding_status, geocode_source, geocode_confidence, matched_address,
         geocoded_address_key, geocoded_at, health, locator_version)
       SELECT 'bench-' || i, 'Blinds ' || i, 'Pat Dealer ' || i, 'dealer.' || i || '@locator-bench.example.com',
              '(555) 010-' || lpad((i % 10000)::text, 4, '0'), street, z.city, z.state, z.zip, now(), z.lat, z.lng,
              'ok', 'offline', 'zip_centroid', street || ', ' || z.city || ', ' || z.state || ' ' || z.zip,
              lower(street || '|' || z.city || '|' || z.state || '|' || z.zip), now(), 'healthy', $7
         FROM generate_series($1::int, $2::int) AS i
         CROSS JOIN LATERAL (SELECT (100 + i % 9000) || ' Main St' AS street) s
         JOIN unnest($3::text[], $4::text[], $5::text[], $6::float8[], $8::float8[])
                WITH ORDINALITY AS z(zip, city, state, lat, lng, n)
           ON z.n = (i::bigint * 7919) % ${ZIPS.length} + 1`,
      [
        from,
        from + count - 1,
        zips,
        ZIPS.map((z) => z.city),
        ZIPS.map((z) => z.state),
        ZIPS.map((z) => z.latitude),
        rows[0].version,
        ZIPS.map((z) => z.longitude),
      ],
    );
    await db.query('COMMIT');
  } catch (err) {
    await db.query('ROLLBACK');
    throw err;
  }
}

/**
 * A search as a browser makes it, over a kept-alive connection: node:http rather than fetch, whose own cost in
 * this process (a few tenths of a millisecond a request) would be measured as the portal's.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
function get(url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const ms = performance.now() - started;
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200) reject(new Error(`GET ${url} answered ${res.statusCode}: ${text.slice(0, 300)}`));
        else resolve({ json: JSON.parse(text), ms });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
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
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  requireBuilt();
  console.log(
    `locator and geocoding console through the gateway (NODE_ENV=production), ${TOTAL.toLocaleString('en-US')} dealers`,
  );
  // opened inside the try below: a portal that fails to start still has its database dropped
  let opened;
  try {
    opened = await bench.open();
  } catch (err) {
    await bench.close();
    throw withPortalExit(err, bench.portal);
  }
  const { url, auth, databaseName } = opened;
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
    // 1. 10,000 dealers: bulk repair and diagnosis
    let t0 = performance.now();
    if (SEED_BY_IMPORT) {
      await seed(url, auth, 0, REPAIR_DEALERS);
      await waitPlaced(db, REPAIR_DEALERS);
      const placedS = (performance.now() - t0) / 1000;
      const settleS = await settled(db);
      console.log(
        `  seeded ${REPAIR_DEALERS} dealers through the import, all geocoded from their events in ${placedS.toFixed(1)} s; every service done ${settleS.toFixed(1)} s later`,
      );
    } else {
      await seedReadModel(db, 0, REPAIR_DEALERS);
      console.log(`  seeded ${REPAIR_DEALERS} dealers straight into the geocoding read model (BENCH_SEED_IMPORT=0)`);
    }
    for (const run of [1, 2]) {
      await db.query(
        `UPDATE geocoding.dealers SET lat = NULL, lng = NULL, geocoding_status = NULL, geocode_confidence = NULL,
           health = 'missing', issues = '{No coordinates}'`,
      );
      // the dead rows of this setup (not the portal's doing) are cleared, as autovacuum would between repairs
      await db.query('VACUUM (ANALYZE) geocoding.dealers');
      const repair = await call(url, 'POST', '/api/admin/bulk-repair-geocoding', auth, {
        dealer_ids: null,
        strategies: STRATEGIES,
      });
      const result = repair.json.repair_result;
      const rate = result.total_processed / (repair.ms / 1000);
      const repairOk = rate >= TARGET_REPAIR_PER_S && result.total_processed === REPAIR_DEALERS;
      ok &&= repairOk;
      console.log(
        `bulk repair (offline) run ${run}: ${result.successful_repairs}/${result.total_processed} dealers in ${seconds(repair.ms)} = ${Math.round(rate)} dealers/s (target >= ${TARGET_REPAIR_PER_S}) ${repairOk ? 'ok' : 'MISSED'}`,
      );
      console.log(`  strategies used: ${JSON.stringify(result.strategies_used)}`);
      const after = await settled(db);
      console.log(
        `  its ${result.total_processed} dealer.geocoded events applied by every consumer ${after.toFixed(1)} s later`,
      );
    }
    for (const run of [1, 2]) {
      const diagnosis = await call(url, 'GET', '/api/admin/geocoding-diagnosis', auth);
      const diagnosisOk = diagnosis.ms <= TARGET_DIAGNOSIS_MS;
      ok &&= diagnosisOk;
      const summary = diagnosis.json.diagnosis.summary;
      console.log(
        `fresh diagnosis run ${run} of ${diagnosis.json.diagnosis.total_dealers} dealers: ${Math.round(diagnosis.ms)} ms (target <= ${TARGET_DIAGNOSIS_MS} ms) ${diagnosisOk ? 'ok' : 'MISSED'}; healthy ${summary.healthy_count}, suspicious ${summary.suspicious_count}, error ${summary.error_count}, missing ${summary.missing_count}`,
      );
    }

    // 2. 100,000 dealers: the locator against SQL haversine
    t0 = performance.now();
    if (TOTAL > REPAIR_DEALERS) await seedReadModel(db, REPAIR_DEALERS, TOTAL - REPAIR_DEALERS);
    await db.query('ANALYZE geocoding.dealers');
    console.log(
      `  seeded ${TOTAL - REPAIR_DEALERS} more dealers straight into the geocoding read model in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    await settled(db);
    const rand = rng(42);
    const search = (p) => get(`${url}/api/public/search-dealers?lat=${p.lat.toFixed(5)}&lng=${p.lng.toFixed(5)}`);
    t0 = performance.now();
    await search(randomPoint(rand));
    const firstMs = performance.now() - t0;
    for (let i = 0; i < 200; i++) await search(randomPoint(rand));
    const points = Array.from({ length: SEARCHES }, () => randomPoint(rand));
    const times = [];
    for (const p of points) {
      const { json, ms } = await search(p);
      if (json.dealers.length !== 5) throw new Error(`a search found ${json.dealers.length} dealers`);
      times.push(ms);
    }
    times.sort((a, b) => a - b);
    const burst = Array.from({ length: 2 * SEARCHES }, () => randomPoint(rand));
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
    // the same search as SQL over every row (WP Store Locator's way), sequential
    const sqlTimes = [];
    const sqlPoints = points.slice(0, 100);
    const sqlStarted = performance.now();
    let sqlSame = 0;
    for (const p of sqlPoints) {
      const started = performance.now();
      const { rows } = await db.query(
        `SELECT dealer_id, 3959 * acos(least(1, cos(radians($1)) * cos(radians(lat)) * cos(radians(lng) - radians($2))
           + sin(radians($1)) * sin(radians(lat)))) AS distance
           FROM geocoding.dealers WHERE lat IS NOT NULL AND NOT archived AND NOT deleted ORDER BY distance LIMIT 5`,
        [p.lat, p.lng],
      );
      sqlTimes.push(performance.now() - started);
      if (rows.length === 5) sqlSame += 1;
    }
    const sqlRps = sqlPoints.length / ((performance.now() - sqlStarted) / 1000);
    sqlTimes.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const searchOk = p95 <= TARGET_P95_MS;
    ok &&= searchOk;
    console.log(
      `search-dealers, 5 closest of ${TOTAL} (k-d tree, through the gateway): p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (target p95 <= ${TARGET_P95_MS} ms) ${searchOk ? 'ok' : 'MISSED'}; ${Math.round(rps)} req/s with 8 in flight`,
    );
    console.log(
      `  ${SEARCHES} sequential after 200 warm-up, max ${times[times.length - 1].toFixed(1)} ms; first search after seeding (index loaded) ${firstMs.toFixed(0)} ms`,
    );
    console.log(
      `SQL haversine over every row, ordered, limit 5 (WP Store Locator's way; straight to PostgreSQL, no HTTP): p50 ${percentile(sqlTimes, 50).toFixed(1)} ms, p95 ${percentile(sqlTimes, 95).toFixed(1)} ms, ${sqlRps.toFixed(0)} req/s sequential (${sqlPoints.length} queries, ${sqlSame} with 5 rows)`,
    );
    return ok;
  } catch (err) {
    throw withPortalExit(err, bench.portal);
  } finally {
    agent.destroy();
    await db.end().catch(() => undefined);
    await bench.close();
  }
}

runBenchmark(main, () => bench.close());
