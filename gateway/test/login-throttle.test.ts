import { LoginAttempts, lockedOutMessage } from '../src/login-throttle';
import { startTestGateway, type TestGateway } from './support/gateway';
import { answerJson } from './support/upstream';

const WRONG = answerJson(401, { detail: 'Invalid email or password' });
const RIGHT = answerJson(200, { success: true, access_token: 't', token_type: 'bearer', expires_in: 60 });

describe('Login throttling at the gateway', () => {
  let t: TestGateway;
  beforeAll(async () => {
    t = await startTestGateway({ LOGIN_MAX_FAILURES: '10', LOGIN_WINDOW_SECONDS: '900' });
  });
  afterAll(async () => {
    await t.stop();
  });

  const identity = () => {
    const upstream = t.upstreams.identity;
    if (!upstream) throw new Error('identity stand-in missing');
    return upstream;
  };
  const login = () =>
    fetch(`${t.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dealer@example.com', password: 'wrong' }),
    });

  test('When ten wrong passwords come in a row, Then the next attempt gets 429 without reaching identity', async () => {
    identity().answer(WRONG);
    for (let i = 0; i < 10; i++) expect((await login()).status).toBe(401);
    const reached = identity().received.length;

    const locked = await login();
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('900');
    expect(((await locked.json()) as { detail: string }).detail).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );
    identity().answer(RIGHT);
    expect((await login()).status).toBe(429);
    expect(identity().received.length).toBe(reached);
  });

  test('When nine attempts fail and then one succeeds, Then the count starts again from zero', async () => {
    const fresh = await startTestGateway();
    try {
      const upstream = fresh.upstreams.identity;
      if (!upstream) throw new Error('identity stand-in missing');
      const attempt = () => fetch(`${fresh.url}/api/auth/login`, { method: 'POST', body: '{}' });
      upstream.answer(WRONG);
      for (let i = 0; i < 9; i++) expect((await attempt()).status).toBe(401);
      upstream.answer(RIGHT);
      expect((await attempt()).status).toBe(200);
      upstream.answer(WRONG);
      for (let i = 0; i < 9; i++) expect((await attempt()).status).toBe(401);
      expect((await attempt()).status).toBe(401);
      expect((await attempt()).status).toBe(429);
    } finally {
      await fresh.stop();
    }
  });

  test('When behind a trusted proxy, Then each client address behind it is counted on its own', async () => {
    const fresh = await startTestGateway({ LOGIN_MAX_FAILURES: '2', TRUST_PROXY: 'true' });
    try {
      fresh.upstreams.identity?.answer(WRONG);
      const from = (client: string) =>
        fetch(`${fresh.url}/api/auth/login`, { method: 'POST', body: '{}', headers: { 'x-forwarded-for': client } });
      expect((await from('203.0.113.1')).status).toBe(401);
      expect((await from('203.0.113.1')).status).toBe(401);
      expect((await from('203.0.113.1')).status).toBe(429);
      expect((await from('203.0.113.2')).status).toBe(401);
      expect(fresh.upstreams.identity?.received.at(-1)?.headers['x-forwarded-for']).toBe('203.0.113.2, 127.0.0.1');
    } finally {
      await fresh.stop();
    }
  });

  test('When other endpoints answer 401, Then they are not counted as sign-in failures', async () => {
    const fresh = await startTestGateway({ LOGIN_MAX_FAILURES: '2' });
    try {
      for (let i = 0; i < 5; i++) expect((await fetch(`${fresh.url}/api/admin/users`)).status).toBe(401);
      expect((await fetch(`${fresh.url}/api/auth/login`, { method: 'POST', body: '{}' })).status).toBe(200);
    } finally {
      await fresh.stop();
    }
  });
});

describe('LoginAttempts (the counting rules)', () => {
  const clock = { now: 0 };
  const attempts = () => new LoginAttempts({ maxFailures: 3, windowSeconds: 60, now: () => clock.now });
  const fail = (a: LoginAttempts, client = 'c') => {
    expect(a.begin(client)).toEqual({ allowed: true });
    a.settle(client, 'failed');
  };

  beforeEach(() => {
    clock.now = 1_000_000;
  });

  test('When the limit is reached, Then the client is locked for one window and then may try again', () => {
    const a = attempts();
    for (let i = 0; i < 3; i++) fail(a);
    clock.now += 20_000;
    expect(a.begin('c')).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(a.begin('other')).toEqual({ allowed: true });
    clock.now += 40_001;
    expect(a.begin('c')).toEqual({ allowed: true });
  });

  test('When failures are more than a window apart, Then they are not "in a row"', () => {
    const a = attempts();
    fail(a);
    fail(a);
    clock.now += 61_000;
    fail(a);
    fail(a);
    expect(a.begin('c')).toEqual({ allowed: true });
  });

  test('When attempts are still in flight, Then they count against the limit (a burst cannot bypass it)', () => {
    const a = attempts();
    for (let i = 0; i < 3; i++) expect(a.begin('c')).toEqual({ allowed: true });
    expect(a.begin('c')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    a.settle('c', 'other');
    expect(a.begin('c')).toEqual({ allowed: true });
  });

  test('When more clients than the bound are seen, Then the least recently seen are forgotten', () => {
    const a = new LoginAttempts({ maxFailures: 1, windowSeconds: 60, maxClients: 2, now: () => clock.now });
    fail(a, 'x');
    fail(a, 'y');
    fail(a, 'z');
    expect(a.begin('x')).toEqual({ allowed: true });
    expect(a.begin('z').allowed).toBe(false);
  });

  test('The message names whole minutes', () => {
    expect(lockedOutMessage(900)).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    expect(lockedOutMessage(61)).toBe('Too many failed sign-in attempts. Please wait 2 minutes and try again.');
    expect(lockedOutMessage(30)).toBe('Too many failed sign-in attempts. Please wait 1 minute and try again.');
  });
});
