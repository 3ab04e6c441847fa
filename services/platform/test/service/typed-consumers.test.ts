import { randomUUID } from 'node:crypto';
import { DealerArchived, DealerSignupCompleted, DealerUpdated, type EventEnvelope } from '@portal/contracts';
import { type ConsumerContext, consumedEventTypes, defineService, startService } from '@portal/platform';
import { dealerSnapshot, eventually, startTestServices, type TestServices } from '@portal/platform/testing';
import { handlersFor, Writes1763000000000 } from '../http/support/test-service';

/**
 * Two services on one bus: "dealer" consumes dealer.signup_completed and emits dealer.updated from its
 * consumer; "order" consumes dealer.updated. The outbox is polled only once a minute here, so the second hop
 * arrives quickly only if the consumer's commit woke the relay.
 */
const seen: { type: string; payload: unknown; batch: boolean; size?: number; deps?: unknown }[] = [];
/** what the order service's onStart found on its context */
const atStart: { deps?: unknown } = {};

const dealerService = defineService({
  name: 'dealer',
  migrations: [Writes1763000000000],
  handlers: handlersFor('dealer', {}),
  consumers: {
    'dealer.signup_completed': async (event, ctx) => {
      // typed: the payload is the contract's, already parsed
      const { dealer_id, full_name, email, phone } = event.payload;
      await ctx.manager.query('INSERT INTO writes (endpoint, data) VALUES ($1, $2)', [
        'signup',
        JSON.stringify({ dealer_id }),
      ]);
      await ctx.emit(
        DealerUpdated,
        dealer_id,
        dealerSnapshot({
          dealer_id,
          full_name,
          email,
          phone,
        }),
      );
    },
  },
});

const orderService = defineService({
  name: 'order',
  migrations: [],
  handlers: handlersFor('order', {}),
  // built once the database is open, before onStart: every hook and consumer finds the same object
  dependencies: async (base) => ({ builtFor: base.name, builtBeforeStart: atStart.deps === undefined }),
  onStart: async (ctx) => {
    atStart.deps = ctx.deps;
  },
  consumers: {
    'dealer.updated': async (event: EventEnvelope<{ dealer_id: string }>, _ctx: ConsumerContext) => {
      seen.push({ type: event.type, payload: event.payload, batch: false });
    },
  },
  batchConsumers: {
    'dealer.created': async (events) => {
      for (const event of events) seen.push({ type: event.type, payload: event.payload, batch: true });
    },
    // no per-event form: a lone event is applied as a batch of one
    'dealer.archived': async (events, ctx) => {
      for (const event of events)
        seen.push({ type: event.type, payload: event.payload, batch: true, size: events.length, deps: ctx.deps });
    },
  },
});

let portal: TestServices;

beforeAll(async () => {
  portal = await startTestServices([dealerService, orderService], {
    prefix: 'platform_consumers',
    env: { OUTBOX_POLL_MS: '60000' },
  });
});

afterAll(async () => {
  await portal?.stop();
});

function signupEnvelope(dealerId: string) {
  return {
    id: randomUUID(),
    type: DealerSignupCompleted.type,
    version: 1,
    occurredAt: new Date().toISOString(),
    producer: 'identity' as const,
    aggregateId: dealerId,
    payload: { dealer_id: dealerId, email: 'ann@example.com', full_name: 'Ann Ridge', phone: null },
  };
}

test('When a consumer emits an event, Then it is written in the consumer transaction and the relay is woken at its commit (not at the next poll)', async () => {
  const dealerId = `D${randomUUID().slice(0, 8)}`;
  const outbox = portal.service('dealer').ctx.db;
  // published straight onto the bus, as identity's relay would
  await portal.transport.publish(signupEnvelope(dealerId), {});
  await eventually(() => {
    expect(
      seen.find((s) => s.type === 'dealer.updated' && (s.payload as { dealer_id: string }).dealer_id === dealerId),
    ).toBeTruthy();
  }, 3000);
  const [row] = await outbox.query(`SELECT count(*)::int AS n FROM outbox WHERE aggregate_id = $1`, [dealerId]);
  expect(row.n).toBe(1);
});

test('When a consumer key is not a declared event type, Then the service refuses to start before touching anything', async () => {
  const misspelt = defineService({
    name: 'media',
    migrations: [],
    handlers: handlersFor('media', {}),
    consumers: {
      // @ts-expect-error an unknown event type does not compile
      'dealer.creatd': async () => undefined,
    },
  });
  await expect(startService(misspelt, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(
    'media: consumer of unknown event type "dealer.creatd"',
  );
});

test('When a type has a per-event and a batch consumer, Then the service refuses to start', async () => {
  const twice = defineService({
    name: 'media',
    migrations: [],
    handlers: handlersFor('media', {}),
    consumers: { 'dealer.archived': async () => undefined },
    batchConsumers: { 'dealer.archived': async () => undefined },
  });
  await expect(startService(twice, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(
    'media: "dealer.archived" has a per-event and a batch consumer; keep the batch one alone',
  );
});

test('When a type has only a batch consumer, Then a lone event is applied as a batch of one with the service dependencies', async () => {
  const dealerId = `D${randomUUID().slice(0, 8)}`;
  await portal.transport.publish(
    {
      id: randomUUID(),
      type: DealerArchived.type,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'dealer' as const,
      aggregateId: dealerId,
      payload: { dealer_id: dealerId, archived_at: new Date().toISOString() },
    },
    {},
  );
  const applied = await eventually(() => {
    const found = seen.find(
      (s) => s.type === 'dealer.archived' && (s.payload as { dealer_id: string }).dealer_id === dealerId,
    );
    expect(found).toBeTruthy();
    return found!;
  }, 3000);
  expect(applied).toMatchObject({ batch: true, size: 1 });
  expect(applied.deps).toBe(atStart.deps);
});

test('When a definition declares dependencies, Then they are built before onStart and are the context deps of the running service', () => {
  expect(atStart.deps).toEqual({ builtFor: 'order', builtBeforeStart: true });
  expect(portal.service('order').ctx.deps).toBe(atStart.deps);
});

test('When a definition lists its consumed event types, Then per-event and batch-only types are both counted once', () => {
  expect(consumedEventTypes(orderService).sort()).toEqual(['dealer.archived', 'dealer.created', 'dealer.updated']);
});
