import { randomUUID } from 'node:crypto';
import { DealerUpdated } from '@portal/contracts';
import {
  createAmqpTransport,
  createInProcessTransport,
  createLogger,
  defineService,
  type EventTransport,
  type InProcessTransport,
} from '@portal/platform';
import {
  bearer,
  dealerSnapshot,
  eventually,
  startTestService,
  type TestService,
  testAmqpUrl,
  uniqueName,
} from '@portal/platform/testing';
import { connect } from 'amqplib';
import { handlersFor } from '../http/support/test-service';
import { parseMetrics, sampleValue } from './support/scrape';

const logger = createLogger('metrics-test', process.env.TEST_LOG_LEVEL ?? 'silent');

/** The consumer waits at this gate; a poison dealer always fails. */
const gate = { open: Promise.resolve(), release: () => {} };
const closeGate = () => {
  gate.open = new Promise<void>((resolve) => {
    gate.release = resolve;
  });
};

const catalog = defineService({
  name: 'catalog',
  migrations: [],
  handlers: handlersFor('catalog', {
    'admin.products': async () => ({ success: true, products: [] }),
  }),
  consumers: {
    'dealer.updated': async (event) => {
      if (event.aggregateId === 'poison') throw new Error('cannot apply this dealer');
      await gate.open;
    },
  },
});

async function scrape(t: TestService) {
  const res = await t.http().get('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return parseMetrics(res.text);
}

/** An event as the dealer service would publish it. */
function dealerUpdated(aggregateId: string) {
  return {
    id: randomUUID(),
    type: DealerUpdated.type,
    version: DealerUpdated.version,
    occurredAt: new Date().toISOString(),
    producer: 'dealer' as const,
    aggregateId,
    payload: dealerSnapshot({ dealer_id: aggregateId, email: `${aggregateId}@example.com` }),
  };
}

describe('GET /metrics of a service (in-process events)', () => {
  let t: TestService;
  let bus: InProcessTransport;
  beforeAll(async () => {
    bus = createInProcessTransport({ logger });
    t = await startTestService(catalog, {
      prefix: 'metrics_http',
      env: { EVENT_MAX_ATTEMPTS: '1' },
      deps: { transport: bus },
    });
  });
  afterAll(async () => {
    await t?.stop();
    await bus?.close();
  });

  test('When requests are answered, Then they are counted and timed per contract endpoint id, never per raw path', async () => {
    const before = await scrape(t);
    const ok = { method: 'GET', route: 'admin.products', status: '200' };
    const okBefore = sampleValue(before, 'http_requests_total', ok) ?? 0;
    const admin = bearer(t.tokenFor({ role: 'admin' }));
    for (let i = 0; i < 3; i++) expect((await t.http().get('/api/admin/products').set(admin)).status).toBe(200);
    expect((await t.http().get('/api/admin/products')).status).toBe(401);
    expect((await t.http().get('/api/product-images/a-picture-42.png')).status).toBe(501);
    expect((await t.http().get('/api/no-such-thing/123')).status).toBe(404);

    const after = await scrape(t);
    expect(sampleValue(after, 'http_requests_total', ok)).toBe(okBefore + 3);
    expect(sampleValue(after, 'http_requests_total', { route: 'admin.products', status: '401' })).toBe(1);
    expect(sampleValue(after, 'http_requests_total', { route: 'public.productImage', status: '501' })).toBe(1);
    expect(sampleValue(after, 'http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(sampleValue(after, 'http_request_duration_seconds_count', { route: 'admin.products' })).toBe(okBefore + 4);
    expect(sampleValue(after, 'http_request_duration_seconds_bucket', { route: 'admin.products', le: '+Inf' })).toBe(
      okBefore + 4,
    );
    // every series names the service; no label carries a path; probes and scrapes are not traffic
    const http = after.filter((s) => s.name.startsWith('http_request'));
    expect(http.every((s) => s.labels.service === 'catalog')).toBe(true);
    expect(http.some((s) => Object.values(s.labels).some((v) => v.includes('/')))).toBe(false);
    expect(http.map((s) => s.labels.route)).not.toContain('/metrics');
    // the process's own figures
    expect(sampleValue(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(after.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });

  test('When events wait in the outbox, Then the backlog and the age of the oldest are reported, and parked ones apart', async () => {
    expect(sampleValue(await scrape(t), 'outbox_pending_events')).toBe(0);
    expect(sampleValue(await scrape(t), 'outbox_oldest_pending_age_seconds')).toBe(0);
    // two events the relay may not publish for an hour (as after a broker outage), the older 90 s old
    await t.service.ctx.db.query(
      `INSERT INTO outbox (id, type, aggregate_id, envelope, created_at, next_attempt_at)
       SELECT gen_random_uuid(), 'dealer.updated', 'd' || n, '{}'::jsonb, now() - n * interval '45 seconds',
              now() + interval '1 hour'
       FROM generate_series(1, 2) AS n`,
    );
    let samples = await scrape(t);
    expect(sampleValue(samples, 'outbox_pending_events')).toBe(2);
    expect(sampleValue(samples, 'outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(90);
    expect(sampleValue(samples, 'outbox_oldest_pending_age_seconds')).toBeLessThan(120);

    // one of them parked by the relay as unroutable (no queue bound to its type): counted apart, not backlog
    await t.service.ctx.db.query(
      `UPDATE outbox SET unroutable_at = now() WHERE aggregate_id = 'd2' AND envelope = '{}'::jsonb`,
    );
    samples = await scrape(t);
    expect(sampleValue(samples, 'outbox_pending_events')).toBe(1);
    expect(sampleValue(samples, 'outbox_oldest_pending_age_seconds')).toBeLessThan(90);
    expect(sampleValue(samples, 'outbox_unroutable_events')).toBe(1);

    // published at last: the backlog is empty again
    await t.service.ctx.db.query(`UPDATE outbox SET sent_at = now() WHERE envelope = '{}'::jsonb`);
    samples = await scrape(t);
    expect(sampleValue(samples, 'outbox_pending_events')).toBe(0);
    expect(sampleValue(samples, 'outbox_oldest_pending_age_seconds')).toBe(0);
    expect(sampleValue(samples, 'outbox_unroutable_events')).toBe(0);
  });

  test('When the database is unreachable at scrape time, Then /metrics still answers, the outbox figures NaN', async () => {
    const db = t.service.ctx.db;
    const query = db.query.bind(db);
    db.query = (() => Promise.reject(new Error('connection refused'))) as typeof db.query;
    try {
      const samples = await scrape(t);
      expect(sampleValue(samples, 'outbox_pending_events')).toBeNaN();
      expect(sampleValue(samples, 'outbox_oldest_pending_age_seconds')).toBeNaN();
      expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    } finally {
      db.query = query;
    }
    expect(sampleValue(await scrape(t), 'outbox_pending_events')).toBe(0);
  });

  test('When a poison event is dead-lettered by the in-process bus, Then the dead letters count it', async () => {
    let samples = await scrape(t);
    expect(sampleValue(samples, 'event_dead_letters')).toBe(0);
    expect(sampleValue(samples, 'event_consumer_lag_messages')).toBe(0);
    await bus.publish(dealerUpdated('poison'), {});
    await bus.publish(dealerUpdated('fine'), {});
    await eventually(async () => expect(sampleValue(await scrape(t), 'event_dead_letters')).toBe(1));
    samples = await scrape(t);
    expect(sampleValue(samples, 'event_consumer_lag_messages')).toBe(0);
    expect(sampleValue(samples, 'event_retry_messages')).toBe(0);
  });
});

describe('GET /metrics of a service consuming over RabbitMQ', () => {
  const names = { exchange: uniqueName('metrics.events'), queuePrefix: uniqueName('metrics') };
  let t: TestService;
  let transport: EventTransport;
  let publisher: EventTransport;

  beforeAll(async () => {
    transport = createAmqpTransport({ url: testAmqpUrl(), logger, prefetch: 5, ...names });
    publisher = createAmqpTransport({ url: testAmqpUrl(), logger, ...names });
    t = await startTestService(catalog, {
      prefix: 'metrics_amqp',
      env: { EVENT_MAX_ATTEMPTS: '1', EVENT_RETRY_DELAY_MS: '10' },
      deps: { transport },
    });
  });

  afterAll(async () => {
    gate.release();
    await t?.stop();
    await transport?.close();
    await publisher?.close();
    const connection = await connect(testAmqpUrl());
    const channel = await connection.createChannel();
    for (const suffix of ['', '.retry', '.dlq']) await channel.deleteQueue(`${names.queuePrefix}.catalog${suffix}`);
    await channel.deleteExchange(names.exchange);
    await connection.close();
  });

  test('When the consumer falls behind, Then its lag is the depth of its queue, and it drains back to 0', async () => {
    expect(sampleValue(await scrape(t), 'event_consumer_lag_messages')).toBe(0);
    closeGate();
    // 5 are taken by the consumer (its prefetch) and wait at the gate; the other 12 wait in the queue
    for (let i = 0; i < 17; i++) await publisher.publish(dealerUpdated(`dealer-${i}`), {});
    await eventually(async () => expect(sampleValue(await scrape(t), 'event_consumer_lag_messages')).toBe(12), 10_000);
    gate.release();
    await eventually(async () => expect(sampleValue(await scrape(t), 'event_consumer_lag_messages')).toBe(0), 10_000);
  });

  test('When an event fails its last attempt, Then the dead letters count it', async () => {
    expect(sampleValue(await scrape(t), 'event_dead_letters')).toBe(0);
    await publisher.publish(dealerUpdated('poison'), {});
    await eventually(async () => expect(sampleValue(await scrape(t), 'event_dead_letters')).toBe(1), 10_000);
    expect(sampleValue(await scrape(t), 'event_retry_messages')).toBe(0);
  });
});
