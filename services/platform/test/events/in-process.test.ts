import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '@portal/contracts';
import {
  createInProcessTransport,
  type EventHandler,
  type InProcessTransport,
  OutboxRelay,
  startConsumers,
} from '@portal/platform/events';
import {
  createEventDatabase,
  type EventDatabase,
  effectCounts,
  eventually,
  recordEffect,
  restoreDealer,
  unsentCount,
} from './support/event-database';
import { silentLogger } from './support/rabbit';

describe('The in-process event transport', () => {
  const maxAttempts = 3;
  let database: EventDatabase;
  let transport: InProcessTransport;
  let relay: OutboxRelay;
  let poisonAttempts = 0;

  const handler: EventHandler = async (envelope, manager) => {
    if (envelope.aggregateId === 'poison') {
      poisonAttempts++;
      throw new Error('cannot apply this event');
    }
    await recordEffect(envelope, manager);
  };

  beforeAll(async () => {
    database = await createEventDatabase();
    transport = createInProcessTransport({ logger: silentLogger });
    relay = new OutboxRelay({ dataSource: database.dataSource, transport, logger: silentLogger, pollMs: 50 });
  });

  afterAll(async () => {
    await relay?.stop();
    await transport?.close();
    await database?.close();
  });

  const effectsOf = async (eventId: string) =>
    (await database.dataSource.query('SELECT 1 FROM effects WHERE event_id = $1', [eventId])).length;

  test('When events are written before their consumer subscribes, Then none is lost and each effect is applied exactly once', async () => {
    relay.start();
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push(await restoreDealer(database.dataSource, `dealer-${i}`));
    // nobody listens yet: publishing is refused, the rows stay in the outbox with their attempts counted
    await eventually(
      async () => (await database.dataSource.query('SELECT 1 FROM outbox WHERE attempts > 0')).length > 0,
      5000,
      'a refused publish',
    );
    expect(await unsentCount(database.dataSource)).toBe(50);

    await startConsumers({
      service: 'order',
      dataSource: database.dataSource,
      transport,
      handlers: { 'dealer.restored': handler },
      logger: silentLogger,
      maxAttempts,
      retryDelayMs: 50,
    });
    await relay.drained(15_000);
    await eventually(async () => (await effectCounts(database.dataSource)).rows >= 50, 10_000, 'all effects');
    expect(await effectCounts(database.dataSource)).toEqual({ rows: 50, events: 50 });
  });

  test('When the same event is delivered twice, Then its effect is applied once', async () => {
    const [row] = await database.dataSource.query('SELECT envelope FROM outbox ORDER BY seq LIMIT 1');
    const envelope: EventEnvelope = row.envelope;
    await transport.publish(envelope, {});
    await transport.publish(envelope, {});
    // both copies handled: none is waiting, running or due for a retry
    await eventually(
      async () => {
        const stats = await transport.queueStats('order');
        return stats?.ready === 0 && stats.retrying === 0;
      },
      5000,
      'both copies to be handled',
    );
    expect(await effectsOf(envelope.id)).toBe(1);
    expect(await effectCounts(database.dataSource)).toEqual({ rows: 50, events: 50 });
  });

  test('A poison message ends in the dead letters and the next message still flows', async () => {
    const poison = await restoreDealer(database.dataSource, 'poison');
    const good = await restoreDealer(database.dataSource, 'good');
    relay.kick();

    await eventually(async () => transport.deadLetters('order').length === 1, 5000, 'a dead letter');
    const [parked] = transport.deadLetters('order');
    expect(parked?.envelope.id).toBe(poison);
    expect(parked?.attempt).toBe(maxAttempts);
    expect(poisonAttempts).toBe(maxAttempts);
    await eventually(async () => (await effectsOf(good)) === 1, 5000, 'the good event');
    expect(await effectsOf(poison)).toBe(0);
  });

  test('When an event payload fails the contract schema, Then it is dead-lettered on its first attempt', async () => {
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
    await eventually(async () => transport.deadLetters('order').length === 2, 5000, 'a second dead letter');
    const parked = transport.deadLetters('order')[1];
    expect(parked?.envelope.id).toBe(invalid.id);
    expect(parked?.attempt).toBe(1);
    expect(parked?.headers['x-error']).toContain('invalid dealer.restored payload');
    expect(await effectsOf(invalid.id)).toBe(0);
  });
});
