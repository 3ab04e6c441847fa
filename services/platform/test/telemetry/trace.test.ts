/**
 * One trace across processes, as in production: the real gateway and the real identity service run as their
 * built programs with OpenTelemetry registered first; the service in the middle is a test-only dealer
 * process (fixture/) whose endpoint emits `notification.email_requested`, which identity consumes over the
 * real RabbitMQ. Spans are exported over OTLP/HTTP JSON to a receiver of this test's own.
 *
 * Once a built service has a real HTTP flow that emits an event consumed by another service (e.g. dealer
 * creation), the fixture can give way to it: only `startDealer` and the request change.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVICES } from '@portal/contracts';
import { createTokenSigner, generateTokenKeys } from '@portal/platform';
import { createTestDatabase, type TestDatabase, testAmqpUrl } from '@portal/platform/testing';
import { transformFileSync } from '@swc/core';
import { type OtlpReceiver, type ReceivedSpan, SpanKind, startOtlpReceiver } from './support/otlp-receiver';
import { type NodeProcess, REPO, startNodeProcess } from './support/processes';

const EVENT = 'notification.email_requested';
const BUILT = ['gateway/dist/main.js', 'services/identity/dist/main.js', 'services/platform/dist/index.js'];

const keys = generateTokenKeys();
let receiver: OtlpReceiver;
let db: TestDatabase;
let workDir: string;
const processes: NodeProcess[] = [];

/** What every process of the test shares: telemetry to the receiver, the database, the broker, the keys. */
function commonEnv(service: string): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    OTEL_SERVICE_NAME: service,
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '200',
    DATABASE_URL: db.url,
    AMQP_URL: testAmqpUrl(),
    JWT_PUBLIC_KEY: keys.publicKey,
    OBJECTS_DIR: path.join(workDir, service, 'objects'),
    MAIL_OUTBOX_DIR: path.join(workDir, service, 'mail'),
  };
}

/** The fixture compiled as a real service's main.js; `@portal/*` resolve to the built packages. */
async function startDealer(): Promise<NodeProcess> {
  const source = path.join(__dirname, 'fixture/emitting-dealer-service.ts');
  const { code } = transformFileSync(source, {
    jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
    module: { type: 'commonjs' },
  });
  const script = path.join(workDir, 'emitting-dealer-service.js');
  await writeFile(script, code);
  return startNodeProcess('dealer (fixture)', script, {
    ...commonEnv('dealer'),
    NODE_PATH: path.join(REPO, 'node_modules'),
  });
}

beforeAll(async () => {
  for (const file of BUILT)
    if (!existsSync(path.join(REPO, file))) throw new Error(`${file} is missing: build first (npx turbo run build)`);
  receiver = await startOtlpReceiver();
  db = await createTestDatabase('platform_trace');
  workDir = await mkdtemp(path.join(tmpdir(), 'platform-trace-'));
  await mkdir(workDir, { recursive: true });

  // identity first: its queue must be bound before anything publishes to it
  const identity = await startNodeProcess('identity', path.join(REPO, 'services/identity/dist/main.js'), {
    ...commonEnv('identity'),
    JWT_PRIVATE_KEY: keys.privateKey,
    ADMIN_EMAIL: 'admin@trace.test',
    ADMIN_PASSWORD: 'trace-test-password',
  });
  processes.push(identity);
  const dealer = await startDealer();
  processes.push(dealer);
  const urls: Record<string, string> = {};
  for (const name of SERVICES) urls[`${name.toUpperCase()}_URL`] = 'http://127.0.0.1:9';
  const gateway = await startNodeProcess(
    'gateway',
    path.join(REPO, 'gateway/dist/main.js'),
    { ...commonEnv('gateway'), ...urls, IDENTITY_URL: identity.url, DEALER_URL: dealer.url },
    '/healthz',
  );
  processes.push(gateway);
}, 30_000);

afterAll(async () => {
  for (const proc of processes.reverse()) await proc.stop();
  await receiver?.close();
  await db?.drop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Polls the receiver until `find` returns spans, failing after `timeoutMs`. */
async function waitForSpans<T>(find: (spans: ReceivedSpan[]) => T | null, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find(receiver.spans());
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = receiver.spans().map((s) => `${s.service} ${s.kind} ${s.name} ${s.traceId}`);
      throw new Error(`spans not received in time; received:\n${seen.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('One trace runs from the gateway into a service and across an event into its consumer', async () => {
  const gateway = processes.find((p) => p.name === 'gateway') as NodeProcess;
  const admin = createTokenSigner({
    privateKey: keys.privateKey,
    issuer: 'dealer-portal',
    audience: 'dealer-portal-api',
    ttlSeconds: 600,
  }).sign({ sub: 'u-admin', email: 'admin@trace.test', name: 'Admin', role: 'admin', dealerId: null });

  const res = await fetch(`${gateway.url}/api/admin/restore-dealer/d-trace`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ success: true });

  const trace = await waitForSpans((spans) => {
    const publish = spans.find(
      (s) => s.service === 'dealer' && s.kind === SpanKind.PRODUCER && s.name === `${EVENT} publish`,
    );
    if (!publish) return null;
    const inTrace = spans.filter((s) => s.traceId === publish.traceId);
    const consumer = inTrace.find(
      (s) => s.service === 'identity' && s.kind === SpanKind.CONSUMER && s.name === `${EVENT} process`,
    );
    const gatewayServer = inTrace.find((s) => s.service === 'gateway' && s.kind === SpanKind.SERVER);
    const dealerServer = inTrace.find((s) => s.service === 'dealer' && s.kind === SpanKind.SERVER);
    return consumer && gatewayServer && dealerServer
      ? { publish, consumer, gatewayServer, dealerServer, inTrace }
      : null;
  });

  expect(trace.publish.traceId).toMatch(/^[0-9a-f]{32}$/);
  // the gateway's server span is the root; nothing in the trace hangs from a span outside it
  expect(trace.gatewayServer.parentSpanId).toBeUndefined();
  const ids = new Set(trace.inTrace.map((s) => s.spanId));
  for (const span of trace.inTrace) if (span.parentSpanId) expect(ids).toContain(span.parentSpanId);
  expect(new Set([trace.consumer, trace.gatewayServer, trace.dealerServer].map((s) => s.traceId))).toEqual(
    new Set([trace.publish.traceId]),
  );
}, 30_000);
