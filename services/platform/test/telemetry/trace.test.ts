/**
 * One trace across processes, as in production: the real gateway, dealer and identity services run as their
 * built programs with OpenTelemetry registered first. An admin creates a dealer through the gateway; the
 * dealer service creates the login in identity over HTTP and announces `dealer.created`, which identity
 * consumes over the real RabbitMQ. Spans are exported over OTLP/HTTP JSON to a receiver of this test's own.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVICES } from '@portal/contracts';
import { createTokenSigner, generateTokenKeys } from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';
import { type OtlpReceiver, type ReceivedSpan, SpanKind, startOtlpReceiver } from './support/otlp-receiver';
import { type NodeProcess, REPO, startNodeProcess } from './support/processes';
import { createRabbitVhost, type RabbitVhost } from './support/rabbit-vhost';

const EVENT = 'dealer.created';
const BUILT = ['gateway/dist/main.js', 'services/identity/dist/main.js', 'services/dealer/dist/main.js'];

const keys = generateTokenKeys();
const NEW_DEALER = {
  business_name: 'Trace Outfitters',
  full_name: 'Tracy Trace',
  email: 'tracy@trace.test',
  phone: '555-010-2000',
  address: '1 Span Road',
  city: 'Lincoln',
  state: 'NE',
  zip_code: '68508',
  zone: 'Midwest Zone',
};
let receiver: OtlpReceiver;
let db: TestDatabase;
let workDir: string;
let rabbit: RabbitVhost;
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
    AMQP_URL: rabbit.url,
    JWT_PUBLIC_KEY: keys.publicKey,
    OBJECTS_DIR: path.join(workDir, service, 'objects'),
    MAIL_OUTBOX_DIR: path.join(workDir, service, 'mail'),
  };
}

beforeAll(async () => {
  for (const file of BUILT)
    if (!existsSync(path.join(REPO, file))) throw new Error(`${file} is missing: build first (npx turbo run build)`);
  receiver = await startOtlpReceiver();
  db = await createTestDatabase('platform_trace');
  rabbit = await createRabbitVhost('trace');
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
  const dealer = await startNodeProcess('dealer', path.join(REPO, 'services/dealer/dist/main.js'), {
    ...commonEnv('dealer'),
    IDENTITY_URL: identity.url,
  });
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
}, 60_000);

afterAll(async () => {
  for (const proc of processes.reverse()) await proc.stop();
  await receiver?.close();
  await db?.drop();
  await rabbit?.drop();
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
  }).sign({
    sub: 'u-admin',
    email: 'admin@trace.test',
    name: 'Admin',
    role: 'admin',
    dealerId: null,
    sid: 'trace-session',
  });

  const res = await fetch(`${gateway.url}/api/admin/create-dealer`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(NEW_DEALER),
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ success: true, dealer: { business_name: NEW_DEALER.business_name } });

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
    // the synchronous login creation: identity serving the dealer service's call, in the same trace
    const identityServer = inTrace.find((s) => s.service === 'identity' && s.kind === SpanKind.SERVER);
    return consumer && gatewayServer && dealerServer && identityServer
      ? { publish, consumer, gatewayServer, dealerServer, identityServer, inTrace }
      : null;
  });

  expect(trace.publish.traceId).toMatch(/^[0-9a-f]{32}$/);
  // the gateway's server span is the root; nothing in the trace hangs from a span outside it
  expect(trace.gatewayServer.parentSpanId).toBeUndefined();
  const ids = new Set(trace.inTrace.map((s) => s.spanId));
  for (const span of trace.inTrace) if (span.parentSpanId) expect(ids).toContain(span.parentSpanId);
  expect(trace.identityServer.parentSpanId).toBeDefined();
  expect(new Set([trace.consumer, trace.gatewayServer, trace.dealerServer].map((s) => s.traceId))).toEqual(
    new Set([trace.publish.traceId]),
  );
}, 30_000);
