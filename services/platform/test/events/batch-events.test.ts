import { randomUUID } from 'node:crypto';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import { DealerRestored, type EventEnvelope } from '@portal/contracts';
import {
  type BatchEventHandler,
  createAmqpTransport,
  createInProcessTransport,
  type EventHandler,
  type EventItem,
  type EventTransport,
  enqueueEvent,
  enqueueEvents,
  type InProcessTransport,
  OutboxRelay,
  startConsumers,
} from '@portal/platform/events';
import { testAmqpUrl } from '@portal/platform/testing';
import type { EntityManager } from 'typeorm';
import { ZodError } from 'zod';
import {
  createEventDatabase,
  type EventDatabase,
  effectCounts,
  eventually,
  recordEffect,
} from './support/event-database';
import { RabbitInspector, silentLogger, uniqueRabbitNames } from './support/rabbit';

const restored = (dealerIds: string[]): EventItem<{ dealer_id: string }>[] =>
  dealerIds.map((id) => ({ aggregateId: id, payload: { dealer_id: id } }));

const range = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

/** Counts the statements sent through `manager` while `work` runs. */
async function countingStatements<T>(manager: EntityManager, work: () => Promise<T>): Promise<[T, string[]]> {
  const sent: string[] = [];
  const query = manager.query.bind(manager);
  const spy = jest.spyOn(manager, 'query').mockImplementation((sql, params) => {
    sent.push(sql);
    return query(sql, params);
  });
  try {
    return [await work(), sent];
  } finally {
    spy.mockRestore();
  }
}

describe('Writing many events at once (enqueueEvents)', () => {
  let database: EventDatabase;
  const provider = new BasicTracerProvider();

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
    database = await createEventDatabase();
  });

  afterAll(async () => {
    await database?.close();
    await provider.shutdown();
    trace.disable();
    propagation.disable();
    context.disable();
  });

  beforeEach(() => database.dataSource.query('TRUNCATE outbox'));

  test('When 500 events are written, Then one INSERT writes them all, in order, with the columns and trace context of the single form', async () => {
    const dealerIds = range(500, 'bulk');
    const span = trace.getTracer('test').startSpan('import');
    const [[ids, singleId], statements] = await database.dataSource.transaction((manager) =>
      context.with(trace.setSpan(context.active(), span), () =>
        countingStatements(
          manager,
          async (): Promise<[string[], string]> => [
            await enqueueEvents(manager, 'dealer', DealerRestored, restored(dealerIds)),
            await enqueueEvent(manager, 'dealer', DealerRestored, 'single', { dealer_id: 'single' }),
          ],
        ),
      ),
    );
    span.end();

    expect(statements).toHaveLength(2); // the batch and the single event: one statement each
    expect(ids).toHaveLength(500);
    const rows: {
      id: string;
      type: string;
      aggregate_id: string;
      envelope: EventEnvelope;
      headers: Record<string, string>;
      sent_at: string | null;
      attempts: number;
    }[] = await database.dataSource.query(
      'SELECT id, type, aggregate_id, envelope, headers, sent_at, attempts FROM outbox ORDER BY seq',
    );
    expect(rows.map((r) => r.id)).toEqual([...ids, singleId]);
    const single = rows.at(-1)!;
    const traceparent = `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`;
    expect(single.headers).toEqual({ traceparent });
    for (const [i, row] of rows.slice(0, -1).entries()) {
      expect(row).toEqual({
        id: ids[i],
        type: 'dealer.restored',
        aggregate_id: dealerIds[i],
        envelope: {
          id: ids[i],
          type: 'dealer.restored',
          version: single.envelope.version,
          occurredAt: expect.any(String),
          producer: 'dealer',
          aggregateId: dealerIds[i],
          payload: { dealer_id: dealerIds[i] },
        },
        headers: single.headers,
        sent_at: null,
        attempts: 0,
      });
    }
    expect(Object.keys(rows[0]!.envelope).sort()).toEqual(Object.keys(single.envelope).sort());
  });

  test('When one payload of the batch breaks the contract, Then it throws and no event of the batch is written', async () => {
    const items = [...restored(range(10, 'ok')), { aggregateId: 'bad', payload: { dealer: 42 } }];
    const [outcome, statements] = await database.dataSource.transaction((manager) =>
      countingStatements(manager, () =>
        enqueueEvents(manager, 'dealer', DealerRestored, items as never).then(
          () => 'written',
          (err: unknown) => err,
        ),
      ),
    );
    expect(outcome).toBeInstanceOf(ZodError);
    expect(statements).toEqual([]);
    expect(await database.dataSource.query('SELECT count(*)::int AS n FROM outbox')).toEqual([{ n: 0 }]);
  });

  test('When the batch is empty, Then nothing is sent to the database', async () => {
    const [ids, statements] = await database.dataSource.transaction((manager) =>
      countingStatements(manager, () => enqueueEvents(manager, 'dealer', DealerRestored, [])),
    );
    expect(ids).toEqual([]);
    expect(statements).toEqual([]);
  });
});

describe('Consuming events in batches', () => {
  const maxAttempts = 3;
  let database: EventDatabase;
  let transport: InProcessTransport;
  let relay: OutboxRelay;
  const batchSizes: number[] = [];
  let oneByOne = 0;
  let poisonAttempts = 0;

  const perEvent: EventHandler = async (envelope, manager) => {
    oneByOne++;
    if (envelope.aggregateId === 'poison') {
      poisonAttempts++;
      throw new Error('cannot apply this event');
    }
    await recordEffect(envelope, manager);
  };
  const batch: BatchEventHandler = async (envelopes, manager) => {
    batchSizes.push(envelopes.length);
    if (envelopes.some((e) => e.aggregateId === 'poison')) throw new Error('cannot apply this batch');
    await manager.query('INSERT INTO effects (event_id, dealer_id) SELECT * FROM unnest($1::uuid[], $2::text[])', [
      envelopes.map((e) => e.id),
      envelopes.map((e) => DealerRestored.payload.parse(e.payload).dealer_id),
    ]);
  };

  const effectsOf = async (eventId: string) =>
    (await database.dataSource.query('SELECT 1 FROM effects WHERE event_id = $1', [eventId])).length;
  const writeEvents = (dealerIds: string[]) =>
    database.dataSource.transaction((manager) => enqueueEvents(manager, 'dealer', DealerRestored, restored(dealerIds)));

  beforeAll(async () => {
    database = await createEventDatabase();
    transport = createInProcessTransport({ logger: silentLogger });
    relay = new OutboxRelay({ dataSource: database.dataSource, transport, logger: silentLogger, pollMs: 50 });
    await startConsumers({
      service: 'order',
      dataSource: database.dataSource,
      transport,
      handlers: { 'dealer.restored': perEvent },
      batchHandlers: { 'dealer.restored': batch },
      logger: silentLogger,
      maxAttempts,
      retryDelayMs: 50,
    });
    relay.start();
  });

  afterAll(async () => {
    await relay?.stop();
    await transport?.close();
    await database?.close();
  });

  beforeEach(() => {
    batchSizes.length = 0;
    oneByOne = 0;
  });

  test('When 300 events arrive together, Then they are applied a batch at a time, each exactly once', async () => {
    await writeEvents(range(300, 'bulk'));
    relay.kick();
    await eventually(async () => (await effectCounts(database.dataSource)).rows >= 300, 10_000, 'all effects');
    await relay.drained();
    expect(await effectCounts(database.dataSource)).toEqual({ rows: 300, events: 300 });
    expect(batchSizes.reduce((a, b) => a + b, 0)).toBe(300);
    expect(batchSizes.length).toBeLessThanOrEqual(10); // relay rounds of 100, not 300 transactions
    expect(oneByOne).toBe(0);
    const [{ n }] = await database.dataSource.query('SELECT count(*)::int AS n FROM processed_events');
    expect(n).toBe(300);
  });

  test('When the same event comes twice in one batch, or again later, Then its effect is applied once', async () => {
    const [id] = await writeEvents(['twice']);
    await relay.drained();
    await eventually(async () => (await effectsOf(id as string)) === 1, 5000, 'the first delivery');
    const [row] = await database.dataSource.query('SELECT envelope FROM outbox WHERE id = $1', [id]);
    const fresh: EventEnvelope = {
      ...row.envelope,
      id: randomUUID(),
      aggregateId: 'fresh',
      payload: { dealer_id: 'fresh' },
    };
    const freshId = fresh.id;
    // published back to back: one batch holding a redelivery, the fresh event and its duplicate
    await Promise.all([
      transport.publish(row.envelope, {}),
      transport.publish(fresh, {}),
      transport.publish(fresh, {}),
    ]);
    await eventually(async () => (await effectsOf(freshId)) === 1, 5000, 'the fresh event');
    // all three deliveries handled: none waiting, running or due for a retry
    await eventually(
      async () => {
        const stats = await transport.queueStats('order');
        return stats?.ready === 0 && stats.retrying === 0;
      },
      5000,
      'every delivery to be handled',
    );
    expect(await effectsOf(id as string)).toBe(1);
    expect(await effectsOf(freshId)).toBe(1);
    expect(batchSizes).toContain(1); // of the three deliveries only the fresh event was applied
  });

  test('When a batch fails, Then its events are applied one by one: the good ones land, the bad one is retried and dead-lettered', async () => {
    const ids = await writeEvents(['good-1', 'poison', 'good-2']);
    relay.kick();
    await eventually(async () => transport.deadLetters('order').length === 1, 10_000, 'a dead letter');
    expect(transport.deadLetters('order')[0]?.envelope.id).toBe(ids[1]);
    expect(poisonAttempts).toBe(maxAttempts);
    expect(await effectsOf(ids[0] as string)).toBe(1);
    expect(await effectsOf(ids[2] as string)).toBe(1);
    expect(await effectsOf(ids[1] as string)).toBe(0);
    expect(batchSizes).toEqual([3]); // tried together once, then one by one
  });
});

describe('Consuming events in batches over RabbitMQ', () => {
  let database: EventDatabase;
  let transport: EventTransport;
  let relay: OutboxRelay;
  const names = uniqueRabbitNames();
  const batchSizes: number[] = [];

  beforeAll(async () => {
    database = await createEventDatabase();
    transport = createAmqpTransport({ url: testAmqpUrl(), logger: silentLogger, ...names });
    await startConsumers({
      service: 'order',
      dataSource: database.dataSource,
      transport,
      handlers: { 'dealer.restored': recordEffect },
      batchHandlers: {
        'dealer.restored': async (envelopes, manager) => {
          batchSizes.push(envelopes.length);
          for (const envelope of envelopes) await recordEffect(envelope, manager);
        },
      },
      logger: silentLogger,
    });
    relay = new OutboxRelay({ dataSource: database.dataSource, transport, logger: silentLogger, pollMs: 100 });
    relay.start();
  });

  afterAll(async () => {
    await relay?.stop();
    await transport?.close();
    await (await RabbitInspector.open()).cleanUp(names, ['order']);
    await database?.close();
  });

  test('When 300 events arrive within the prefetch window, Then they are applied in batches, each exactly once', async () => {
    await database.dataSource.transaction((manager) =>
      enqueueEvents(manager, 'dealer', DealerRestored, restored(range(300, 'amqp'))),
    );
    relay.kick();
    await relay.drained(20_000);
    await eventually(async () => (await effectCounts(database.dataSource)).rows >= 300, 20_000, 'all effects');
    // a fixed wait: RabbitMQ counts no delivery the consumer holds unacknowledged, so a stray duplicate still
    // being applied has nothing to be waited for
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await effectCounts(database.dataSource)).toEqual({ rows: 300, events: 300 });
    const batched = batchSizes.reduce((a, b) => a + b, 0);
    expect(batched).toBeGreaterThan(150); // most events came in a batch (a lone delivery takes the per-event path)
    expect(batchSizes.length).toBeLessThan(batched / 2);
  });
});
