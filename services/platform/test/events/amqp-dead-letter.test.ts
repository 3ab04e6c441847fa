import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@portal/contracts';
import {
  createAmqpTransport,
  type EventHandler,
  type EventTransport,
  OutboxRelay,
  startConsumers,
} from '@portal/platform/events';
import { testAmqpUrl } from '@portal/platform/testing';
import {
  createEventDatabase,
  type EventDatabase,
  eventually,
  recordEffect,
  restoreDealer,
} from './support/event-database';
import { RabbitInspector, type RabbitNames, silentLogger, uniqueRabbitNames } from './support/rabbit';

describe('Dead-lettering over RabbitMQ', () => {
  const maxAttempts = 3;
  let database: EventDatabase;
  let transport: EventTransport;
  let relay: OutboxRelay;
  let inspector: RabbitInspector;
  let names: RabbitNames;
  let dlq: string;
  const poisonAttempts: number[] = [];

  // fails every time for the poison dealer, applies the effect for every other one
  const handler: EventHandler = async (envelope, manager) => {
    if (envelope.aggregateId === 'poison') {
      poisonAttempts.push(Date.now());
      throw new Error('cannot apply this event');
    }
    await recordEffect(envelope, manager);
  };

  beforeAll(async () => {
    database = await createEventDatabase();
    inspector = await RabbitInspector.open();
    names = uniqueRabbitNames();
    dlq = `${names.queuePrefix}.order.dlq`;
    transport = createAmqpTransport({ url: testAmqpUrl(), logger: silentLogger, ...names });
    await startConsumers({
      service: 'order',
      dataSource: database.dataSource,
      transport,
      handlers: { 'dealer.restored': handler },
      logger: silentLogger,
      maxAttempts,
      retryDelayMs: 150,
    });
    relay = new OutboxRelay({ dataSource: database.dataSource, transport, logger: silentLogger, pollMs: 100 });
    relay.start();
  });

  afterAll(async () => {
    await relay?.stop();
    await transport?.close();
    await inspector?.cleanUp(names, ['order']);
    await database?.close();
  });

  const effectsOf = async (eventId: string) =>
    (await database.dataSource.query('SELECT 1 FROM effects WHERE event_id = $1', [eventId])).length;

  test('A poison message ends in the dead-letter queue and the next message still flows', async () => {
    const poison = await restoreDealer(database.dataSource, 'poison');
    const good = await restoreDealer(database.dataSource, 'good');
    relay.kick();

    const parked = await inspector.take(dlq);
    expect(JSON.parse(parked.content.toString()).id).toBe(poison);
    expect(parked.properties.headers?.['x-attempt']).toBe(maxAttempts);
    expect(String(parked.properties.headers?.['x-error'])).toContain('cannot apply this event');
    expect(poisonAttempts).toHaveLength(maxAttempts);
    // retried after the delay, not in a tight loop
    expect(poisonAttempts[maxAttempts - 1]! - poisonAttempts[0]!).toBeGreaterThanOrEqual(2 * 150 - 20);

    await eventually(async () => (await effectsOf(good)) === 1, 10_000, 'the good event');
    expect(await effectsOf(poison)).toBe(0);
    const after = await restoreDealer(database.dataSource, 'later');
    relay.kick();
    await eventually(async () => (await effectsOf(after)) === 1, 10_000, 'the later event');
    expect(await inspector.messageCount(dlq)).toBe(0);
  });

  test('When an event payload fails the contract schema, Then it goes to the dead-letter queue on its first attempt', async () => {
    const invalid: EventEnvelope = {
      id: randomUUID(),
      type: 'dealer.restored',
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'dealer',
      aggregateId: 'invalid',
      payload: { dealer: 42 },
    };
    await transport.publish(invalid, {});

    const parked = await inspector.take(dlq);
    expect(JSON.parse(parked.content.toString()).id).toBe(invalid.id);
    expect(parked.properties.headers?.['x-attempt']).toBe(1);
    expect(String(parked.properties.headers?.['x-error'])).toContain('invalid dealer.restored payload');
    expect(await effectsOf(invalid.id)).toBe(0);
  });
});
