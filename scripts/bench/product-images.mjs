/**
 * Product image benchmark, end to end through the gateway of the real one-machine portal.
 *
 * Starts the built portal as an operator would (NODE_ENV=production, the file store under a temporary DATA_DIR)
 * on a fresh PostgreSQL database, signs in as the admin, creates a product with a realistic photo (a 1200 x 800
 * JPEG) through POST /api/admin/create-product, then times GET /api/product-images/{filename}, anonymous as a
 * browser loads it, sequentially over one kept-alive connection:
 *   1. plain: the whole original each time (what a browser without the image in its cache fetches), streamed
 *      by the gateway from the catalog, which keeps small images in memory after their first read;
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
import path from 'node:path';
import sharp from 'sharp';
import { httpClient } from './lib/http.mjs';
import { figures, percentile, timeSequential } from './lib/measure.mjs';
import { benchPortal, DATABASE_ADMIN_URL, REPO, requireBuilt, runBenchmark, withPortalExit } from './lib/portal.mjs';
import { createProduct } from './lib/seed.mjs';

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

// an image request as an <img> makes it: no JSON accepted
const client = httpClient({ headers: {} });
const get = (base, route, headers = {}) => client.send(base, 'GET', route, { headers });

/** Throws unless `res` is the image answer the route promises. */
function checkImage(res, { type, bytes }) {
  const problems = [];
  if (res.status !== 200) problems.push(`status ${res.status}`);
  if (res.headers['content-type'] !== type) problems.push(`content-type ${res.headers['content-type']}`);
  if (res.headers['x-content-type-options'] !== 'nosniff') problems.push('no nosniff');
  if (!res.headers.etag) problems.push('no ETag');
  if (!/immutable/.test(res.headers['cache-control'] ?? ''))
    problems.push(`cache-control ${res.headers['cache-control']}`);
  if (bytes && !res.raw.equals(bytes)) problems.push('not the uploaded bytes');
  if (problems.length) throw new Error(`the image answer is wrong: ${problems.join(', ')}`);
}

/** Times REQUESTS sequential GETs after WARMUP; `check` validates every answer. Answers the sorted times. */
const measure = (base, route, headers, check) =>
  timeSequential({ warmup: WARMUP, runs: REQUESTS }, async () => {
    const res = await get(base, route, headers);
    check(res);
    return res.ms;
  });

function report(label, times, target) {
  const ok = target === undefined || percentile(times, 95) <= target;
  const verdict = target === undefined ? '(no target)' : `(target p95 <= ${target} ms) ${ok ? 'ok' : 'MISSED'}`;
  console.log(`${label}: ${figures(times, 2)} ${verdict}`);
  return ok;
}

const bench = benchPortal({ prefix: 'bench_product_images', admin: ADMIN, webDist: WEB_DIST });
const cleanUp = async () => {
  client.destroy();
  await bench.close();
};

async function main() {
  requireBuilt();
  const photo = await productPhoto();
  try {
    const { url: base, auth } = await bench.open();
    const product = await createProduct(base, auth, {
      title: 'Bench Hub Blind',
      description: 'A product for the image benchmark',
      priceCents: 24_999,
      image: photo,
    });
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
      if (res.status !== 304 || res.raw.length !== 0) throw new Error(`If-None-Match answered ${res.status}`);
    });
    const thumb = await get(base, product.thumbnail_url);
    checkImage(thumb, { type: 'image/webp' });
    const thumbnail = await measure(base, product.thumbnail_url, {}, (res) => checkImage(res, { type: 'image/webp' }));

    const plainOk = report('  plain (200, whole original)', plain, TARGET_P95_MS);
    const revalidatedOk = report('  with If-None-Match (304)  ', revalidated, TARGET_P95_MS);
    report(`  thumbnail (${(thumb.raw.length / 1024).toFixed(0)} KB WebP)  `, thumbnail, undefined);
    return plainOk && revalidatedOk;
  } catch (err) {
    throw withPortalExit(err, bench.portal);
  } finally {
    await cleanUp();
  }
}

runBenchmark(main, cleanUp);
