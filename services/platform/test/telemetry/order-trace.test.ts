/**
 * One dealer order followed across the portal, as in production: the real gateway and the identity, dealer,
 * catalog, order and incentive services run as their built programs with OpenTelemetry registered first, over
 * the real RabbitMQ (a vhost of this test's own) and PostgreSQL. A dealer submits an order through the gateway;
 * the order service announces `order.created`; the incentive service sees the dealer cross a tier with
 * notify_dealer and asks identity for the achievement mail (`notification.email_requested`); identity sends it
 * to a real SMTP server. Every span is exported over OTLP/HTTP JSON to a receiver of this test's own, and the
 * whole chain must be one trace, with the log lines written on the way carrying its id.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EndpointDef, endpoints, type ResponseOf, SERVICES } from '@portal/contracts';
import { createTokenSigner, generateTokenKeys } from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';
import { parseMail, type SmtpReceiver, startSmtpReceiver } from '@portal/platform/testing/smtp-receiver';
import { Client } from 'pg';
import sharp from 'sharp';
import { type OtlpReceiver, type ReceivedSpan, SpanKind, startOtlpReceiver } from './support/otlp-receiver';
import { type NodeProcess, REPO, startNodeProcess } from './support/processes';
import { createRabbitVhost, type RabbitVhost } from './support/rabbit-vhost';

const SERVICES_STARTED = ['identity', 'dealer', 'catalog', 'order', 'incentive'] as const;
const BUILT = ['gateway/dist/main.js', ...SERVICES_STARTED.map((s) => `services/${s}/dist/main.js`)];
const ADMIN = { email: 'admin@order-trace.test', password: 'order-trace-password' };
const DEALER = {
  business_name: 'Span Creek Outfitters',
  full_name: 'Olive Order',
  email: 'olive@span-creek.test',
  phone: '555-010-3000',
  address: '12 Trace Street',
  city: 'Omaha',
  state: 'NE',
  zip_code: '68102',
  zone: 'Midwest Zone',
};
const PROGRAM = 'Trace Rally';
const TIER = 'Silver';

const keys = generateTokenKeys();
let receiver: OtlpReceiver;
let smtp: SmtpReceiver;
let db: TestDatabase;
let rabbit: RabbitVhost;
let workDir: string;
const processes = new Map<string, NodeProcess>();

function commonEnv(service: string): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    // debug: the event consumers' "event applied" lines too
    LOG_LEVEL: 'debug',
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

const start = async (name: string, env: NodeJS.ProcessEnv, readyPath?: string) => {
  const script = name === 'gateway' ? 'gateway/dist/main.js' : `services/${name}/dist/main.js`;
  const proc = await startNodeProcess(name, path.join(REPO, script), env, readyPath);
  processes.set(name, proc);
  return proc;
};
const proc = (name: string) => processes.get(name) as NodeProcess;

beforeAll(async () => {
  for (const file of BUILT)
    if (!existsSync(path.join(REPO, file))) throw new Error(`${file} is missing: build first (npx turbo run build)`);
  receiver = await startOtlpReceiver();
  smtp = await startSmtpReceiver();
  db = await createTestDatabase('platform_order_trace');
  rabbit = await createRabbitVhost('order-trace');
  workDir = await mkdtemp(path.join(tmpdir(), 'platform-order-trace-'));

  // identity first (the first admin, the revoked sessions); its queue is bound before anything publishes
  const identity = await start('identity', {
    ...commonEnv('identity'),
    JWT_PRIVATE_KEY: keys.privateKey,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_SECURE: 'false',
    MAIL_FROM: 'Trace Blinds <portal@order-trace.test>',
  });
  // the consumers bind their queues as they start, before the first event is written
  await Promise.all(
    SERVICES_STARTED.filter((s) => s !== 'identity').map((name) =>
      start(name, { ...commonEnv(name), IDENTITY_URL: identity.url }),
    ),
  );
  const urls: Record<string, string> = {};
  for (const name of SERVICES) urls[`${name.toUpperCase()}_URL`] = processes.get(name)?.url ?? 'http://127.0.0.1:9';
  await start('gateway', { ...commonEnv('gateway'), ...urls }, '/healthz');
}, 120_000);

afterAll(async () => {
  const stopping = [...processes.values()];
  const gateway = processes.get('gateway');
  if (gateway) await gateway.stop();
  await Promise.all(stopping.filter((p) => p !== gateway).map((p) => p.stop()));
  await receiver?.close();
  await smtp?.stop();
  await db?.drop();
  await rabbit?.drop();
  if (workDir) await rm(workDir, { recursive: true, force: true });
}, 60_000);

async function until<T>(what: string, check: () => Promise<T | null | undefined> | T | null | undefined, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Calls a contract endpoint (without path parameters) through the gateway; anything but 200 throws. */
async function api<E extends EndpointDef>(
  endpoint: E,
  init: Omit<RequestInit, 'method'> & { token?: string },
): Promise<ResponseOf<E>> {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  const res = await fetch(`${proc('gateway').url}${endpoint.path}`, { ...rest, method: endpoint.method, headers });
  const body = await res.json().catch(() => null);
  if (res.status !== 200)
    throw new Error(`${endpoint.method} ${endpoint.path} answered ${res.status}: ${JSON.stringify(body)}`);
  return body as ResponseOf<E>;
}
const json = (body: unknown) => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The JSON log lines of a process that carry `traceId`. */
function logLinesOf(name: string, traceId: string): Record<string, unknown>[] {
  return proc(name)
    .stdoutLines()
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    })
    .filter((entry) => entry.trace_id === traceId);
}

test('A dealer order is one trace from the gateway through order, RabbitMQ and incentive to the achievement mail sent by identity', async () => {
  const admin = createTokenSigner({
    privateKey: keys.privateKey,
    issuer: 'dealer-portal',
    audience: 'dealer-portal-api',
    ttlSeconds: 600,
  }).sign({ sub: 'u-admin', email: ADMIN.email, name: 'Admin', role: 'admin', dealerId: null, sid: 'order-trace' });

  // the business around the order: a dealer with its login, a product and a program that mails the dealer
  const created = await api(endpoints['admin.createDealer'], { token: admin.token, ...json(DEALER) });
  const dealerId: string = created.dealer_id;
  const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#6b8e23' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('title', 'Trace Hub Blind');
  form.set('price', '250.00');
  form.set('status', 'active');
  form.set('product_image', new Blob([image], { type: 'image/png' }), 'hub.png');
  const { product } = await api(endpoints['admin.createProduct'], { token: admin.token, body: form });
  await api(endpoints['admin.createIncentiveProgram'], {
    token: admin.token,
    ...json({
      program_name: PROGRAM,
      start_date: '2020-01-01',
      end_date: '2099-12-31',
      tiers: [{ name: TIER, metric: 'revenue', value: 1000, reward: 'A free hub blind', notify_dealer: true }],
    }),
  });
  const sql = new Client({ connectionString: db.url });
  await sql.connect();
  try {
    await until('the order and incentive services to know the dealer and the product', async () => {
      const { rows } = await sql.query(
        `SELECT (SELECT count(*)::int FROM "order".known_dealers WHERE dealer_id = $1)
              + (SELECT count(*)::int FROM "order".known_products WHERE product_id = $2)
              + (SELECT count(*)::int FROM incentive.dealers WHERE dealer_id = $1 AND email IS NOT NULL) AS known`,
        [dealerId, product.product_id],
      );
      return rows[0].known === 3;
    });
  } finally {
    await sql.end();
  }
  const session = await api(endpoints['auth.login'], {
    ...json({ email: DEALER.email, password: created.temporary_password }),
  });
  // a dealer signs in with the password alone (two-factor sign-in is for staff)
  if (!('access_token' in session)) throw new Error('the dealer was asked for a second factor');
  const before = receiver.spans().length;

  // the click: 5 × $250 takes the dealer over the $1,000 tier
  const order = await api(endpoints['dealer.submitOrder'], {
    token: session.access_token,
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ product_orders: [{ product_id: product.product_id, quantity: 5 }], notes: 'trace me' }),
  });
  expect(order).toMatchObject({ success: true });

  const mail = await until('the achievement mail', () =>
    smtp.received.find((m) => m.envelopeTo.includes(DEALER.email) && m.raw.includes(PROGRAM)),
  );
  expect(parseMail(mail.raw).headers.get('subject')).toBe(`You reached ${TIER} of ${PROGRAM}`);

  const trace = await until(
    'the spans of the order trace',
    () => {
      const spans = receiver.spans().slice(before);
      const publish = spans.find(
        (s) => s.service === 'order' && s.kind === SpanKind.PRODUCER && s.name === 'order.created publish',
      );
      if (!publish) return null;
      const inTrace = spans.filter((s) => s.traceId === publish.traceId);
      const find = (service: string, kind: number, name?: string) =>
        inTrace.find((s) => s.service === service && s.kind === kind && (name === undefined || s.name === name));
      const found = {
        gatewayServer: find('gateway', SpanKind.SERVER),
        orderServer: find('order', SpanKind.SERVER),
        publish,
        incentiveConsumer: find('incentive', SpanKind.CONSUMER, 'order.created process'),
        mailPublish: find('incentive', SpanKind.PRODUCER, 'notification.email_requested publish'),
        identityConsumer: find('identity', SpanKind.CONSUMER, 'notification.email_requested process'),
      };
      if (Object.values(found).some((s) => !s)) return null;
      // complete: every parent named in the trace has arrived (spans are exported as they end)
      const ids = new Set(inTrace.map((s) => s.spanId));
      if (inTrace.some((s) => s.parentSpanId && !ids.has(s.parentSpanId))) return null;
      return { ...(found as Record<keyof typeof found, ReceivedSpan>), inTrace };
    },
    20_000,
  ).catch((err: Error) => {
    const seen = receiver.spans().slice(before);
    throw new Error(
      `${err.message}; received:\n${seen.map((s) => `${s.service} ${s.kind} ${s.name} ${s.traceId}`).join('\n')}`,
    );
  });

  const traceId = trace.publish.traceId;
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  for (const service of ['gateway', 'order', 'incentive', 'identity'])
    expect(trace.inTrace.some((s) => s.service === service)).toBe(true);
  // the gateway's server span is the root, and the chain hangs together hop by hop
  expect(trace.gatewayServer.parentSpanId).toBeUndefined();
  const byId = new Map(trace.inTrace.map((s) => [s.spanId, s]));
  const ancestors = (span: ReceivedSpan) => {
    const chain: ReceivedSpan[] = [];
    for (let s = span.parentSpanId ? byId.get(span.parentSpanId) : undefined; s; ) {
      chain.push(s);
      s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined;
    }
    return chain;
  };
  expect(ancestors(trace.orderServer)).toContain(trace.gatewayServer);
  expect(ancestors(trace.publish)).toContain(trace.orderServer);
  expect(ancestors(trace.incentiveConsumer)).toContain(trace.publish);
  expect(ancestors(trace.mailPublish)).toContain(trace.incentiveConsumer);
  expect(ancestors(trace.identityConsumer)).toContain(trace.mailPublish);
  expect(ancestors(trace.identityConsumer).at(-1)).toBe(trace.gatewayServer);

  // the logs written on the way name the trace: identity's line about the mail, inside its consumer span
  const mailLine = await until('identity to log the mail it sent', () =>
    logLinesOf('identity', traceId).find((line) => line.msg === 'requested email sent'),
  );
  expect(mailLine).toMatchObject({ service: 'identity', trace_id: traceId, span_id: trace.identityConsumer.spanId });
  const incentiveLines = logLinesOf('incentive', traceId);
  expect(incentiveLines.length).toBeGreaterThan(0);
  expect(incentiveLines.every((line) => /^[0-9a-f]{16}$/.test(String(line.span_id)))).toBe(true);
}, 90_000);
