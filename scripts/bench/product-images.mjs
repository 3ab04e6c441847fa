/**
 * Product image benchmark, end to end through the gateway of the real one-machine portal.
 *
 * Starts the built portal as an operator would (NODE_ENV=production, the file store under a temporary DATA_DIR)
 * on a fresh PostgreSQL database, signs in as the admin, creates a product with a realistic photo (a 1200 x 800
 * JPEG) through POST /api/admin/create-product, then times GET /api/product-images/{filename}, anonymous as a
 * browser loads it, sequentially over one kept-alive connection:
 *   1. plain: the whole original each time (what a browser without the image in its cache fetches);
 *   2. with If-None-Match: the ETag of the first answer sent back, answered 304 without a body (revalidation);
 *   3. the 320 px WebP thumbnail (what the product cards load), for information.
 * Target: p95 <= 5 ms for 1 and 2. Each answer is checked (status, type, nosniff, ETag, immutable cache, bytes).
 * The portal is stopped and the database dropped at the end, also on failure. Exits 1 when a target is missed.
 *
 *   node scripts/bench/product-images.mjs            (after `npx turbo run build`)
 * Settings (environment):
 *   BENCH_DATABASE_ADMIN_URL  (or TEST_DATABASE_URL) default postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_REQUESTS  requests per measurement, default 500 (after 50 warm-up requests)
 *   BENCH_NODE_ARGS  extra node flags for the portal, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
 * See docs/benchmarks.md for the last figures.
 */
import http from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { benchPortal, DATABASE_ADMIN_URL, REPO, requireFiles, runBenchmark, withPortalExit } from './lib/portal.mjs';

const WEB_DIST = process.env.WEB_DIST ?? path.join(REPO, 'web/dist');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const WARMUP = 50;
const TARGET_P95_MS = 5;
const ADMIN = { email: 'bench-admin@portal.test', password: 'Bench-admin-password-1' };

/** A product photo as a phone or a catalogue export gives it: 1200 x 800, smooth shades with some grain. */
async function productPhoto() {
  const width = 1200;
  const height = 800;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 42;
  const grain = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed % 17) - 8;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const camo = Math.sin(x / 37) * Math.cos(y / 23) * 40;
      pixels[i] = Math.max(0, Math.min(255, 70 + camo + (x / width) * 60 + grain()));
      pixels[i + 1] = Math.max(0, Math.min(255, 90 + camo + (y / height) * 50 + grain()));
      pixels[i + 2] = Math.max(0, Math.min(255, 50 + camo / 2 + grain()));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET over the kept-alive connection; resolves with status, headers, body and ms to the last byte. */
function get(base, route, headers = {}) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request(`${base}${route}`, { method: 'GET', agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: Number(process.hrtime.bigint() - started) / 1e6,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function createProduct(base, auth, photo) {
  const form = new FormData();
  form.set('title', 'Bench Hub Blind');
  form.set('description', 'A product for the image benchmark');
  form.set('price', '249.99');
  form.set('status', 'active');
  form.set('product_image', new Blob([photo], { type: 'image/jpeg' }), 'hub-blind.jpg');
  const res = await fetch(`${base}/api/admin/create-product`, { method: 'POST', headers: auth, body: form });
  const body = await res.json().catch(() => ({}));
  if (res.status !== 200) throw new Error(`create-product answered ${res.status}: ${JSON.stringify(body)}`);
  return body.product;
}

/** Throws unless `res` is the image answer the route promises. */
function checkImage(res, { type, bytes }) {
  const problems = [];
  if (res.status !== 200) problems.push(`status ${res.status}`);
  if (res.headers['content-type'] !== type) problems.push(`content-type ${res.headers['content-type']}`);
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
  if (!res.headers.etag) problems.push('no ETag');
  if (!/immutable/.test(res.headers['cache-control'] ?? ''))
    problems.push(`cache-control ${res.headers['cache-control']}`);
  if (bytes && !res.body.equals(bytes)) problems.push('not the uploaded bytes');
  if (problems.length) throw new Error(`the image answer is wrong: ${problems.join(', ')}`);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Times REQUESTS sequential GETs after WARMUP; `check` validates every answer. */
async function measure(base, route, headers, check) {
  for (let i = 0; i < WARMUP; i++) check(await get(base, route, headers));
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const res = await get(base, route, headers);
    check(res);
    times.push(res.ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) };
}

function report(label, figures, target) {
  const ok = target === undefined || figures.p95 <= target;
  const verdict = target === undefined ? '(no target)' : `(target p95 <= ${target} ms) ${ok ? 'ok' : 'MISSED'}`;
  console.log(
    `${label}: p50 ${figures.p50.toFixed(2)} ms, p95 ${figures.p95.toFixed(2)} ms, max ${figures.max.toFixed(1)} ms ${verdict}`,
  );
  return ok;
}

const bench = benchPortal({ prefix: 'bench_product_images', admin: ADMIN, webDist: WEB_DIST });
const cleanUp = async () => {
  agent.destroy();
  await bench.close();
};

async function main() {
  requireFiles([[path.join(REPO, 'deploy/local/dist/start.js'), 'build the portal: npx turbo run build']]);
  const photo = await productPhoto();
  try {
    const { url: base, auth } = await bench.open();
    const product = await createProduct(base, auth, photo);
    const route = `/api/product-images/${encodeURIComponent(product.image_filename)}`;
    if (product.full_image_url !== route)
      throw new Error(`full_image_url ${product.full_image_url}, expected ${route}`);

    console.log(
      `GET /api/product-images/{filename} through the gateway (NODE_ENV=production, file store, PostgreSQL ` +
        `${new URL(DATABASE_ADMIN_URL).host}), ${REQUESTS} sequential requests after ${WARMUP} warm-up each`,
    );
    console.log(`  original: ${(photo.length / 1024).toFixed(0)} KB JPEG, 1200 x 800`);
    const plain = await measure(base, route, {}, (res) => checkImage(res, { type: 'image/jpeg', bytes: photo }));
    const first = await get(base, route);
    const etag = first.headers.etag;
    const revalidated = await measure(base, route, { 'if-none-match': etag }, (res) => {
      if (res.status !== 304 || res.body.length !== 0) throw new Error(`If-None-Match answered ${res.status}`);
    });
    const thumb = await get(base, product.thumbnail_url);
    checkImage(thumb, { type: 'image/webp' });
    const thumbnail = await measure(base, product.thumbnail_url, {}, (res) => checkImage(res, { type: 'image/webp' }));

    const plainOk = report('  plain (200, whole original)', plain, TARGET_P95_MS);
    const revalidatedOk = report('  with If-None-Match (304)  ', revalidated, TARGET_P95_MS);
    report(`  thumbnail (${(thumb.body.length / 1024).toFixed(0)} KB WebP)  `, thumbnail);
    return plainOk && revalidatedOk;
  } catch (err) {
    throw withPortalExit(err, bench.portal);
  } finally {
    await cleanUp();
  }
}

runBenchmark(main, cleanUp);
