/**
 * Picture library benchmark, end to end through the gateway.
 *
 * 1. Streamed uploads: the built gateway alone in its own process, in front of a sink upstream that reads and
 *    discards every body. Uploads of 1 MB (warm-up), 9.5 MB and 95 MB go through it; the gateway's peak memory
 *    (VmHWM of its process) must not grow with the upload size. Target: growth over the warm-up peak below a
 *    quarter of the upload after a 95 MB upload (a buffering gateway grows by at least the upload size; socket
 *    buffers and garbage collection timing account for the rest).
 * 2. Upload time: the built one-machine portal (NODE_ENV=production, the file store under a temporary DATA_DIR)
 *    on a fresh PostgreSQL database; the admin uploads a 9.5 MB JPEG (a 24-megapixel photo) through
 *    POST /api/admin/upload-picture, 5 times; the time to the answer includes storing the original and making
 *    both renditions. Target: median <= 1 s.
 * 3. Grid bytes: 100 pictures (1600 x 1200 photos) in the library; the bytes a browser transfers to show the
 *    grid: GET /api/admin/pictures plus every thumbnail_url. Target: <= 2 MB (2,097,152 bytes).
 * The portal and gateway are stopped and the database dropped at the end, also on failure. Exits 1 when a
 * target is missed.
 *
 *   node scripts/bench/pictures.mjs            (after `npx turbo run build`)
 * Settings (environment): BENCH_DATABASE_ADMIN_URL (or TEST_DATABASE_URL), default
 *   postgres://postgres@127.0.0.1:5432/postgres; BENCH_PICTURES grid size (default 100).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { benchPortal, freePort, REPO, requireFiles } from './lib/portal.mjs';

const require = createRequire(import.meta.url);
const GATEWAY_MAIN = path.join(REPO, 'gateway/dist/main.js');
const PLATFORM = path.join(REPO, 'services/platform/dist/index.js');
const REGISTER = path.join(REPO, 'services/platform/register.js');
const WEB_DIST = process.env.WEB_DIST ?? path.join(REPO, 'web/dist');
const ADMIN = { email: 'bench-admin@portal.test', password: 'Bench-admin-password-1' };
const MB = 1024 * 1024;
const UPLOAD_BYTES = Math.round(9.5 * MB);
const GRID_PICTURES = Number(process.env.BENCH_PICTURES ?? 100);
const LARGEST_STREAMED_UPLOAD = 95 * MB;
const TARGETS = { gatewayGrowthBytes: LARGEST_STREAMED_UPLOAD / 4, uploadMedianMs: 1000, gridBytes: 2 * MB };

const fmtMB = (bytes) => `${(bytes / MB).toFixed(2)} MB`;

/** A photo as a camera gives it: smooth shades, a pattern, and sensor grain (so it compresses like one). */
async function photo(width, height, seed, quality) {
  const pixels = Buffer.alloc(width * height * 3);
  let s = seed;
  const grain = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return (s % 23) - 11;
  };
  const fx = 20 + (seed % 30);
  const fy = 15 + (seed % 17);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const camo = Math.sin(x / fx) * Math.cos(y / fy) * 45;
      pixels[i] = Math.max(0, Math.min(255, 60 + (seed % 40) + camo + (x / width) * 60 + grain()));
      pixels[i + 1] = Math.max(0, Math.min(255, 80 + camo + (y / height) * 60 + grain()));
      pixels[i + 2] = Math.max(0, Math.min(255, 40 + camo / 2 + grain()));
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** A 24-megapixel JPEG of exactly `size` bytes (best quality that fits, padded after its end marker). */
async function bigPhoto(size) {
  for (const quality of [97, 95, 92, 90, 85, 80]) {
    const image = await photo(6000, 4000, 7, quality);
    if (image.length <= size) {
      const out = Buffer.alloc(size);
      image.copy(out);
      return { bytes: out, encoded: image.length };
    }
  }
  throw new Error('could not make a photo under the upload size');
}

function multipartStream(size, title) {
  const boundary = `----bench${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const filler = Buffer.alloc(64 * 1024, 0x5a);
  async function* parts() {
    yield head;
    yield Buffer.from([0xff, 0xd8, 0xff]); // a JPEG's first bytes (the sink does not look, but keep it honest)
    for (let left = size - 3; left > 0; left -= filler.length) yield filler.subarray(0, Math.min(filler.length, left));
    yield tail;
  }
  return {
    body: Readable.from(parts()),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + size + tail.length),
    },
  };
}

function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    body.pipe(req);
  });
}

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** 1. The gateway alone, in front of a sink: its peak memory across uploads of growing size. */
async function gatewayStreaming() {
  const { generateTokenKeys, createTokenSigner } = require(PLATFORM);
  const keys = generateTokenKeys();
  let received = 0;
  const sink = http.createServer((req, res) => {
    if (req.url?.startsWith('/internal/session-revocations')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ cursor: 0, revoked: [] }));
      return;
    }
    req.on('data', (c) => {
      received += c.length;
    });
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success":true}');
    });
  });
  await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const upstream = `http://127.0.0.1:${sink.address().port}`;
  const port = await freePort();
  const services = ['IDENTITY', 'DEALER', 'ORDER', 'SHIPPING', 'CATALOG', 'MEDIA', 'GEOCODING', 'INCENTIVE'];
  const child = spawn(process.execPath, ['--require', REGISTER, GATEWAY_MAIN], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_PUBLIC_KEY: keys.publicKey,
      ...Object.fromEntries(services.map((s) => [`${s}_URL`, upstream])),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr = (stderr + c).slice(-5000);
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`the gateway exited: ${stderr}`);
      const ok = await fetch(`${url}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (i > 120) throw new Error(`the gateway was not ready: ${stderr}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    const token = createTokenSigner({
      privateKey: keys.privateKey,
      issuer: 'dealer-portal',
      audience: 'dealer-portal-api',
      ttlSeconds: 600,
    }).sign({
      sub: randomUUID(),
      email: ADMIN.email,
      name: 'Bench admin',
      role: 'admin',
      dealerId: null,
      sid: randomUUID(),
    }).token;
    const upload = async (size) => {
      const { body, headers } = multipartStream(size, 'Streamed');
      const before = received;
      const res = await post(`${url}/api/admin/upload-picture`, { ...headers, authorization: `Bearer ${token}` }, body);
      if (res.status !== 200) throw new Error(`upload through the gateway answered ${res.status}: ${res.body}`);
      if (received - before < size) throw new Error(`the upstream received ${received - before} of ${size} bytes`);
      return memoryOf(child.pid);
    };
    for (let i = 0; i < 5; i++) await upload(1 * MB);
    const warm = memoryOf(child.pid);
    const rows = [];
    for (const size of [UPLOAD_BYTES, UPLOAD_BYTES, UPLOAD_BYTES, LARGEST_STREAMED_UPLOAD]) {
      const m = await upload(size);
      rows.push({ size, ...m, growth: m.peak - warm.peak });
    }
    return { warm, rows };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
    sink.close();
  }
}

async function uploadPicture(url, token, bytes, title, name) {
  const form = new FormData();
  form.set('title', title);
  form.set('picture', new Blob([bytes], { type: 'image/jpeg' }), name);
  const started = performance.now();
  const res = await fetch(`${url}/api/admin/upload-picture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${JSON.stringify(body)}`);
  return { ms, picture: body.picture };
}

/** GET counting the bytes on the wire (no compression asked, so this is an upper bound). */
function getBytes(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        const chunks = [];
        res.on('data', (c) => {
          bytes += c.length;
          chunks.push(c);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode, bytes, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

async function main() {
  requireFiles([
    [GATEWAY_MAIN, 'run `npx turbo run build`'],
    [PLATFORM, 'run `npx turbo run build`'],
    [path.join(REPO, 'deploy/local/dist/start.js'), 'run `npx turbo run build`'],
  ]);
  let failed = false;
  const verdict = (ok) => {
    if (!ok) failed = true;
    return ok ? 'ok' : 'MISSED';
  };

  console.log('1. gateway memory while uploads stream through it (gateway alone, sink upstream)');
  const streaming = await gatewayStreaming();
  console.log(`   after 5 x 1 MB warm-up: peak ${fmtMB(streaming.warm.peak)}, rss ${fmtMB(streaming.warm.rss)}`);
  for (const r of streaming.rows)
    console.log(
      `   after ${fmtMB(r.size).padStart(9)} upload: peak ${fmtMB(r.peak)}, rss ${fmtMB(r.rss)}, peak growth ${fmtMB(r.growth)}`,
    );
  // rss rises and falls with garbage collection of the streamed chunks; the peak after a 95 MB upload is the proof
  const maxGrowth = Math.max(...streaming.rows.map((r) => r.growth));
  console.log(
    `   peak growth ${fmtMB(maxGrowth)} (target < ${fmtMB(TARGETS.gatewayGrowthBytes)}, a quarter of the ${fmtMB(LARGEST_STREAMED_UPLOAD)} upload): ${verdict(maxGrowth < TARGETS.gatewayGrowthBytes)}`,
  );

  const bench = benchPortal({ prefix: 'bench_pictures', admin: ADMIN, webDist: WEB_DIST });
  try {
    const { portal, token } = await bench.open();

    console.log(
      `2. upload of a ${fmtMB(UPLOAD_BYTES)} picture end to end through the gateway (original stored, both renditions made)`,
    );
    const big = await bigPhoto(UPLOAD_BYTES);
    console.log(
      `   the picture: 6000 x 4000 JPEG, ${fmtMB(big.encoded)} of image data, ${big.bytes.length} bytes in all`,
    );
    await uploadPicture(portal.url, token, big.bytes, 'Warm-up', 'warm.jpg');
    const times = [];
    for (let i = 0; i < 5; i++)
      times.push((await uploadPicture(portal.url, token, big.bytes, `Big ${i}`, `big-${i}.jpg`)).ms);
    times.sort((a, b) => a - b);
    const median = times[2];
    console.log(`   times: ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')}`);
    console.log(
      `   median ${median.toFixed(0)} ms (target <= ${TARGETS.uploadMedianMs} ms): ${verdict(median <= TARGETS.uploadMedianMs)}`,
    );
    console.log(
      `   portal process after the uploads (all services and the gateway in one process): ${fmtMB(memoryOf(portal.child.pid).rss)} rss`,
    );

    console.log(`3. bytes to show a grid of ${GRID_PICTURES} pictures`);
    // a fresh library of exactly GRID_PICTURES pictures: remove the big ones first
    const before = JSON.parse(
      (await getBytes(`${portal.url}/api/admin/pictures`, { authorization: `Bearer ${token}` })).body,
    );
    for (const p of before.pictures)
      await fetch(`${portal.url}/api/admin/delete-picture/${p.picture_id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
    let originals = 0;
    for (let i = 0; i < GRID_PICTURES; i++) {
      const bytes = await photo(1600, 1200, 1000 + i * 7, 88);
      originals += bytes.length;
      await uploadPicture(portal.url, token, bytes, `Picture ${i + 1}`, `picture-${i + 1}.jpg`);
    }
    const list = await getBytes(`${portal.url}/api/admin/pictures`, { authorization: `Bearer ${token}` });
    const pictures = JSON.parse(list.body).pictures;
    if (pictures.length !== GRID_PICTURES) throw new Error(`the list has ${pictures.length} pictures`);
    let thumbs = 0;
    for (const p of pictures) {
      const t = await getBytes(`${portal.url}${p.thumbnail_url}`);
      if (t.status !== 200 || t.headers['content-type'] !== 'image/webp')
        throw new Error(`${p.thumbnail_url} answered ${t.status}`);
      thumbs += t.bytes;
    }
    const total = list.bytes + thumbs;
    console.log(
      `   list JSON ${fmtMB(list.bytes)} + ${GRID_PICTURES} thumbnails ${fmtMB(thumbs)} (avg ${(thumbs / GRID_PICTURES / 1024).toFixed(1)} KB) = ${fmtMB(total)}`,
    );
    console.log(`   (the originals would be ${fmtMB(originals)})`);
    console.log(`   ${fmtMB(total)} (target <= ${fmtMB(TARGETS.gridBytes)}): ${verdict(total <= TARGETS.gridBytes)}`);
  } finally {
    await bench.close();
  }
  if (failed) {
    console.error('pictures: a target was missed');
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
