import { createServer, type Server } from 'node:net';
import { defineService, type RunningService, SENT, startService } from '@portal/platform';
import { eventually, testDatabaseAdminUrl } from '@portal/platform/testing';
import { Client } from 'pg';
import request from 'supertest';
import {
  bearerFor,
  createTestEnvironment,
  handlersFor,
  type TestEnvironment,
  USERS,
} from '../http/support/test-service';

/** The slow endpoint waits inside its handler until the test opens the gate. */
const slow = { entered: () => {}, gate: Promise.resolve(), open: () => {} };
/** Closes the gate; resolves once a request is waiting inside the handler. */
function closeGate(): Promise<void> {
  slow.gate = new Promise<void>((resolve) => {
    slow.open = resolve;
  });
  return new Promise<void>((resolve) => {
    slow.entered = resolve;
  });
}

const mediaService = defineService({
  name: 'media',
  migrations: [],
  handlers: handlersFor('media', {
    'admin.pictures': async ({ res }) => {
      slow.entered();
      await slow.gate;
      res.json({ finished: true });
      return SENT;
    },
  }),
});

let t: TestEnvironment;
let service: RunningService;

/** Connections to the test's database other than this query's own. */
async function connectionsTo(database: string): Promise<number> {
  const admin = new Client({ connectionString: testDatabaseAdminUrl() });
  await admin.connect();
  try {
    const { rows } = await admin.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return rows[0].n;
  } finally {
    await admin.end();
  }
}

/**
 * Waits until the test's database has `count` connections again: a closed client's server process leaves
 * pg_stat_activity a moment after the close (a connection the start did not release never does).
 */
async function settlesTo(count: number): Promise<void> {
  await eventually(async () => expect(await connectionsTo(t.db.name)).toBe(count), 3000);
}

async function asAdmin(sql: string): Promise<void> {
  const admin = new Client({ connectionString: testDatabaseAdminUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  t = await createTestEnvironment('platform_lifecycle');
  service = await startService(mediaService, t.env, { revocations: t.revocations });
});

afterAll(async () => {
  await service?.stop();
  await asAdmin(`ALTER DATABASE "${t.db.name}" ALLOW_CONNECTIONS true`).catch(() => undefined);
  await t?.cleanUp();
});

describe('health', () => {
  test('When the service is up, Then /healthz and /readyz answer 200 with the database ok', async () => {
    expect((await request(service.url).get('/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(service.url).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { database: 'ok', sessions: 'ok' } });
  });

  test('When the database goes away, Then /readyz answers 503 naming it, and 200 again once it is back', async () => {
    await asAdmin(`ALTER DATABASE "${t.db.name}" ALLOW_CONNECTIONS false`);
    await asAdmin(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${t.db.name}'`);
    try {
      const down = await request(service.url).get('/readyz');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: 'unavailable', detail: 'Not ready: database' });
      expect(down.body.checks.database).not.toBe('ok');
      expect((await request(service.url).get('/healthz')).status).toBe(200);
    } finally {
      await asAdmin(`ALTER DATABASE "${t.db.name}" ALLOW_CONNECTIONS true`);
    }
    const up = await request(service.url).get('/readyz');
    expect(up.status).toBe(200);
  });
});

describe('request ids', () => {
  test('When a request carries x-request-id, Then the answer echoes it; otherwise one is generated', async () => {
    const given = await request(service.url).get('/healthz').set('x-request-id', 'gw-1234.abc');
    expect(given.headers['x-request-id']).toBe('gw-1234.abc');
    const made = await request(service.url).get('/healthz');
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await request(service.url).get('/healthz').set('x-request-id', 'bad id\twith spaces');
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('start and stop', () => {
  test('When stop() is called during a slow request, Then that request still finishes and the service closes', async () => {
    const own = await startService(mediaService, t.env, { revocations: t.revocations });
    const admin = bearerFor(t.keys.privateKey)(USERS.admin);
    const inside = closeGate();
    const inFlight = request(own.url)
      .get('/api/admin/pictures')
      .set('authorization', admin)
      .then((res) => res);
    await inside;
    const started = Date.now();
    const stopped = own.stop();
    // the listener closes while the slow request is still inside
    await eventually(() => expect(request(own.url).get('/healthz')).rejects.toThrow(/ECONNREFUSED/), 3000);
    slow.open();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ finished: true });
    await stopped;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(own.ctx.db.isInitialized).toBe(false);
  });

  test('When onStart throws, Then the start rejects with its reason and releases the database', async () => {
    const failing = defineService({
      ...mediaService,
      onStart: async () => {
        throw new Error('seed data could not be loaded');
      },
    });
    const before = await connectionsTo(t.db.name);
    await expect(startService(failing, t.env, { revocations: t.revocations })).rejects.toThrow(
      'seed data could not be loaded',
    );
    await settlesTo(before);
  });

  test('When the port is taken, Then the start rejects with EADDRINUSE and releases the database', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const before = await connectionsTo(t.db.name);
      await expect(
        startService(mediaService, { ...t.env, PORT: String(port) }, { revocations: t.revocations }),
      ).rejects.toThrow(/EADDRINUSE/);
      await settlesTo(before);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
