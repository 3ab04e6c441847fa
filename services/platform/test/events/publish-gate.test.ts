/**
 * The one-machine portal's publish gate, with the real outbox (PostgreSQL), relay and in-process bus: rows left
 * unsent before a start reach every consumer, also the ones that subscribe after the producer started, and
 * nothing is published to a bus whose services are stopping.
 */
import {
  createInProcessTransport,
  type Delivery,
  type EventTransport,
  gatePublishing,
  OutboxRelay,
  PUBLISHING_STOPPED,
} from '@portal/platform/events';
import {
  createEventDatabase,
  type EventDatabase,
  eventually,
  restoreDealer,
  unsentCount,
} from './support/event-database';
import { silentLogger } from './support/rabbit';

let database: EventDatabase;
const stops: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createEventDatabase();
});

afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
  await database.dataSource.query('DELETE FROM outbox');
});

afterAll(async () => {
  await database?.close();
});

/** A relay on `transport`, stopped (with the transport) after the test. */
function relayOn(transport: EventTransport): OutboxRelay {
  const relay = new OutboxRelay({ dataSource: database.dataSource, transport, logger: silentLogger, pollMs: 50 });
  stops.push(
    () => transport.close(),
    () => relay.stop(),
  );
  return relay;
}

/** Subscribes `service` to dealer.restored and answers the ids it receives. */
async function consumer(transport: EventTransport, service: string): Promise<string[]> {
  const received: string[] = [];
  await transport.subscribe(service, ['dealer.restored'], async (delivery: Delivery) => {
    received.push(delivery.envelope.id);
  });
  return received;
}

/** Five events written through the outbox before any service started, as a crash or an outage leaves them. */
async function leftUnsent(): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) ids.push(await restoreDealer(database.dataSource, `dealer-${i}`));
  return ids.sort();
}

test('When the relay starts before the last consumer subscribes, Then with the gate every consumer gets every event once', async () => {
  const ids = await leftUnsent();
  const gate = gatePublishing(createInProcessTransport({ logger: silentLogger }));
  const relay = relayOn(gate.transport);
  const first = await consumer(gate.transport, 'order');
  relay.start();
  // the relay has claimed the rows (its transaction locks them) before the next service subscribes
  await eventually(
    async () => {
      const [{ free }] = await database.dataSource.query(
        'SELECT count(*)::int AS free FROM (SELECT 1 FROM outbox WHERE sent_at IS NULL FOR UPDATE SKIP LOCKED) AS rows',
      );
      return free === 0;
    },
    5000,
    'the relay holding the rows',
  );
  const second = await consumer(gate.transport, 'shipping');
  gate.open();
  await relay.drained();
  await new Promise((resolve) => setImmediate(resolve)); // the bus hands copies over after the publisher's await
  expect({ first: [...first].sort(), second: [...second].sort() }).toEqual({ first: ids, second: ids });
});

test('When a publish is made before open, Then it waits for open; after close, publishing fails and the row stays unsent', async () => {
  const gate = gatePublishing(createInProcessTransport({ logger: silentLogger }));
  const received = await consumer(gate.transport, 'order');
  const [id] = await leftUnsent();
  const [row] = await database.dataSource.query('SELECT envelope FROM outbox WHERE envelope->>$1 = $2', ['id', id]);
  let settled = false;
  const held = gate.transport.publish(row.envelope, {}).finally(() => {
    settled = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  expect(settled).toBe(false);
  gate.open();
  await held;
  await new Promise((resolve) => setImmediate(resolve));
  expect(received).toEqual([id]);

  // stopping: the relay's publish fails, so the outbox keeps the rows for the next start
  gate.close();
  await expect(gate.transport.publish(row.envelope, {})).rejects.toThrow(PUBLISHING_STOPPED);
  const relay = relayOn(gate.transport);
  relay.start();
  // each row tried and kept, the failure recorded as the relay's reason
  await eventually(
    async () => {
      const [{ tried }] = await database.dataSource.query(
        'SELECT count(*)::int AS tried FROM outbox WHERE sent_at IS NULL AND attempts > 0 AND last_error = $1',
        [`Error: ${PUBLISHING_STOPPED}`],
      );
      return tried === 5;
    },
    5000,
    'five refused publishes',
  );
  expect(await unsentCount(database.dataSource)).toBe(5);
  expect(received).toEqual([id]);
});

test('When the gate closes while publishes are held, Then they fail instead of waiting forever', async () => {
  const gate = gatePublishing(createInProcessTransport({ logger: silentLogger }));
  const [id] = await leftUnsent();
  const [row] = await database.dataSource.query('SELECT envelope FROM outbox WHERE envelope->>$1 = $2', ['id', id]);
  const held = gate.transport.publish(row.envelope, {});
  gate.close();
  await expect(held).rejects.toThrow(PUBLISHING_STOPPED);
  await gate.transport.close();
});
