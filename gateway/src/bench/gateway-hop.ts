/**
 * How much latency the gateway hop adds. Starts a tiny upstream service and the gateway in front of it
 * (keep-alive both ways), warms up, then sends N sequential requests straight to the upstream and N through
 * the gateway, in alternating batches within the same run, and prints p50/p90/p99 of each and the added
 * latency. Target: ≤ 1 ms added at p90.   node gateway/dist/bench/gateway-hop.js [N]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICES } from '@portal/contracts';
import { createLogger, createTokenSigner, generateTokenKeys } from '@portal/platform';
import { startGateway } from '../app';
import { loadGatewayConfig } from '../config';

const N = Number(process.argv[2] ?? 5000);
const WARMUP = 1000;
const BATCH = 100;
const TARGET_ADDED_P90_MS = 1;

interface Route {
  label: string;
  path: string;
  headers: Record<string, string>;
}

const client = new http.Agent({ keepAlive: true, maxSockets: 1 });

function timedGet(base: string, route: Route): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(`${base}${route.path}`, { agent: client, headers: route.headers }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${route.path} answered ${res.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - started) / 1e6);
      });
    });
    req.on('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function startUpstream(): Promise<http.Server> {
  const body = JSON.stringify({ company_name: 'Blind Co', phone: '555-0100' });
  // it also stands in for identity's session feed (no session is revoked), which the gateway polls
  const feed = JSON.stringify({ cursor: 0, revoked: [] });
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/internal/session-revocations')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(feed);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function measure(direct: string, gateway: string, route: Route) {
  for (let i = 0; i < WARMUP; i++) {
    await timedGet(direct, route);
    await timedGet(gateway, route);
  }
  const straight: number[] = [];
  const hopped: number[] = [];
  while (straight.length < N) {
    for (let i = 0; i < BATCH && straight.length < N; i++) straight.push(await timedGet(direct, route));
    for (let i = 0; i < BATCH && hopped.length < N; i++) hopped.push(await timedGet(gateway, route));
  }
  straight.sort((a, b) => a - b);
  hopped.sort((a, b) => a - b);
  const row = (name: string, s: number[]) =>
    `  ${name.padEnd(16)} p50 ${percentile(s, 50).toFixed(3)} ms   p90 ${percentile(s, 90).toFixed(3)} ms   p99 ${percentile(s, 99).toFixed(3)} ms`;
  const added50 = percentile(hopped, 50) - percentile(straight, 50);
  const added90 = percentile(hopped, 90) - percentile(straight, 90);
  console.log(`${route.label}: GET ${route.path}, ${N} sequential requests each way`);
  console.log(row('direct', straight));
  console.log(row('through gateway', hopped));
  console.log(
    `  added            p50 ${added50.toFixed(3)} ms   p90 ${added90.toFixed(3)} ms   ${added90 <= TARGET_ADDED_P90_MS ? 'within' : 'OVER'} the ${TARGET_ADDED_P90_MS} ms p90 target`,
  );
}

async function main() {
  const upstream = await startUpstream();
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const keys = generateTokenKeys();
  const urls = Object.fromEntries(SERVICES.map((s) => [`${s.toUpperCase()}_URL`, upstreamUrl]));
  const config = loadGatewayConfig({ PORT: '0', HOST: '127.0.0.1', JWT_PUBLIC_KEY: keys.publicKey, ...urls });
  const gateway = await startGateway(config, { logger: createLogger('gateway', 'silent') });
  await gateway.app.revocations.sync();
  const signer = createTokenSigner({
    privateKey: keys.privateKey,
    issuer: config.jwt.issuer,
    audience: config.jwt.audience,
    ttlSeconds: 3600,
  });
  const { token } = signer.sign({
    sub: 'bench',
    email: 'admin@example.com',
    name: 'Bench',
    role: 'admin',
    dealerId: null,
    sid: 'bench-session',
  });

  await measure(upstreamUrl, gateway.url, {
    label: 'public endpoint',
    path: '/api/public/company-settings',
    headers: {},
  });
  await measure(upstreamUrl, gateway.url, {
    label: 'signed-in endpoint (token verified at the edge)',
    path: '/api/admin/users',
    headers: { authorization: `Bearer ${token}` },
  });

  client.destroy();
  await gateway.stop(1000);
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
