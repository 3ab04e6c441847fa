import { randomUUID } from 'node:crypto';
import { DealerDeleted, type EventEnvelope } from '@portal/contracts';
import {
  createAmqpTransport,
  type EventTransport,
  enqueueEvent,
  OutboxRelay,
  startConsumers,
  UnroutableEventError,
} from '@portal/platform/events';
import { testAmqpUrl } from '@portal/platform/testing';
import {
  createEventDatabase,
  type EventDatabase,
  effectCounts,
  eventually,
  recordEffect,
  restoreDealer,
  unsentCount,
} from './support/event-database';
import { RabbitInspector, type RabbitNames, silentLogger, uniqueRabbitNames } from './support/rabbit';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

describe('Outbox relay and consumers over RabbitMQ', () => {
  let database: EventDatabase;
  let proxy: TcpProxy;
  let transport: EventTransport;
  let relay: OutboxRelay;
  let names: RabbitNames;

  beforeAll(async () => {
    database = await createEventDatabase();
    const broker = new URL(testAmqpUrl());
    proxy = await startTcpProxy({ host: broker.hostname, port: Number(broker.port || 5672) });
    broker.host = `127.0.0.1:${proxy.port}`;
    names = uniqueRabbitNames();
    transport = createAmqpTransport({ url: broker.toString(), logger: silentLogger, ...names });
    await startConsumers({
      service: 'order',
      dataSource: database.dataSource,
      transport,
      handlers: { 'dealer.restored': recordEffect },
      logger: silentLogger,
      retryDelayMs: 200,
    });
    relay = new OutboxRelay({ dataSource: database.dataSource, transport, logger: silentLogger, pollMs: 100 });
    relay.start();
  });

  afterAll(async () => {
    await relay?.stop();
    await transport?.close();
    await proxy?.close();
    const inspector = await RabbitInspector.open();
    await inspector.cleanUp(names, ['order']);
    await database?.close();
  });

  test('When RabbitMQ is unreachable while events are written through the outbox and comes back, Then every event is consumed and each effect applied exactly once', async () => {
    const warmUp = await restoreDealer(database.dataSource, 'dealer-0');
    relay.kick();
    await eventually(async () => (await effectCounts(database.dataSource)).rows === 1, 10_000, 'the first effect');

    proxy.cut();
    const written = 50;
    const ids: string[] = [];
    for (let i = 1; i <= written; i++) {
      ids.push(await restoreDealer(database.dataSource, `dealer-${i}`));
      relay.kick();
    }
    // a fixed wait: what is shown is that nothing gets through while the link is cut, which no event marks
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await unsentCount(database.dataSource)).toBeGreaterThan(0); // nothing got through while cut
    proxy.restore();

    await relay.drained(20_000);
    await eventually(async () => (await effectCounts(database.dataSource)).rows >= written + 1, 15_000, 'all effects');
    expect(await effectCounts(database.dataSource)).toEqual({ rows: written + 1, events: written + 1 });
    const applied: { event_id: string }[] = await database.dataSource.query('SELECT event_id FROM effects');
    expect(new Set(applied.map((r) => r.event_id))).toEqual(new Set([warmUp, ...ids]));
    expect(await unsentCount(database.dataSource)).toBe(0);
  });

  test('When the same event is delivered twice, Then its effect is applied once', async () => {
    const before = (await effectCounts(database.dataSource)).rows;
    const envelope: EventEnvelope = {
      id: randomUUID(),
      type: 'dealer.restored',
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'dealer',
      aggregateId: 'dealer-twice',
      payload: { dealer_id: 'dealer-twice' },
    };
    await transport.publish(envelope, {});
    await transport.publish(envelope, {});
    await eventually(async () => (await effectCounts(database.dataSource)).rows === before + 1, 10_000, 'the effect');
    // a fixed wait for the second copy: a duplicate handled leaves no trace, and RabbitMQ counts no delivery the
    // consumer holds unacknowledged
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await effectCounts(database.dataSource)).toEqual({ rows: before + 1, events: before + 1 });
    const processed = await database.dataSource.query('SELECT 1 FROM processed_events WHERE event_id = $1', [
      envelope.id,
    ]);
    expect(processed).toHaveLength(1);
  });

  test('When no service consumes an event type, Then the broker returns it and the outbox keeps it unsent with the attempt counted', async () => {
    const id = await database.dataSource.transaction((manager) =>
      enqueueEvent(manager, 'dealer', DealerDeleted, 'dealer-gone', { dealer_id: 'dealer-gone' }),
    );
    relay.kick();
    await eventually(
      async () => {
        const [row] = await database.dataSource.query('SELECT attempts FROM outbox WHERE id = $1', [id]);
        return row.attempts >= 1;
      },
      5000,
      'a publish attempt',
    );
    const [row] = await database.dataSource.query('SELECT sent_at, last_error FROM outbox WHERE id = $1', [id]);
    expect(row.sent_at).toBeNull();
    expect(row.last_error).toContain('UnroutableEventError');
    const [envelope] = await database.dataSource.query('SELECT envelope FROM outbox WHERE id = $1', [id]);
    await expect(transport.publish(envelope.envelope, {})).rejects.toBeInstanceOf(UnroutableEventError);
  });
});
