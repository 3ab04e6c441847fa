import { randomUUID } from 'node:crypto';
import {
  createLogger,
  createTokenSigner,
  createTokenVerifier,
  defineService,
  generateTokenKeys,
  HttpError,
  type RevocationFeed,
  SENT,
  SESSION_ENDED,
  SessionRevocations,
  startService,
  staticRevocationFeed,
} from '@portal/platform';
import { bearer, eventually, startTestService, startTestServices, type TestServices } from '@portal/platform/testing';
import type express from 'express';
import jwt from 'jsonwebtoken';
import { handlersFor } from '../http/support/test-service';

const logger = createLogger('test', 'silent');

const whoCalled = async (input: { user: unknown; res: express.Response }): Promise<typeof SENT> => {
  input.res.json({ user: input.user });
  return SENT;
};

function refusal(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('not refused');
}

describe('SessionRevocations', () => {
  test('When the feed has never answered, Then the list is not ready; after one answer it is, and holds the revoked sids', async () => {
    let up = false;
    const feed = staticRevocationFeed();
    const revocations = new SessionRevocations({
      feed: (after) => (up ? feed(after) : Promise.reject(new Error('connect ECONNREFUSED'))),
      logger,
    });
    await revocations.sync();
    expect(revocations.ready()).toBe(false);
    feed.revoke('s-1');
    up = true;
    await revocations.sync();
    expect(revocations.ready()).toBe(true);
    expect(revocations.isRevoked('s-1')).toBe(true);
    expect(revocations.isRevoked('s-2')).toBe(false);
  });

  test('When the feed fails after a successful sync, Then the last list is kept; new revocations arrive once it answers again', async () => {
    const feed = staticRevocationFeed();
    let up = true;
    const revocations = new SessionRevocations({
      feed: (after) => (up ? feed(after) : Promise.reject(new Error('timeout'))),
      logger,
    });
    feed.revoke('s-1');
    await revocations.sync();
    up = false;
    feed.revoke('s-2');
    await revocations.sync();
    expect(revocations.ready()).toBe(true);
    expect(revocations.isRevoked('s-1')).toBe(true);
    expect(revocations.isRevoked('s-2')).toBe(false);
    up = true;
    await revocations.sync();
    expect(revocations.isRevoked('s-2')).toBe(true);
  });

  test('When the feed is asked again, Then it is asked from the last cursor only, and expired sessions are forgotten', async () => {
    const asked: number[] = [];
    let now = Date.parse('2026-01-01T00:00:00Z');
    const answers: Awaited<ReturnType<RevocationFeed>>[] = [
      { cursor: 7, revoked: [{ sid: 'old', expires_at: '2026-01-01T00:00:10Z' }] },
      { cursor: 9, revoked: [{ sid: 'new', expires_at: '2026-01-01T08:00:00Z' }] },
    ];
    const revocations = new SessionRevocations({
      feed: async (after) => {
        asked.push(after);
        return answers.shift() ?? { cursor: 9, revoked: [] };
      },
      logger,
      now: () => now,
    });
    await revocations.sync();
    expect(revocations.isRevoked('old')).toBe(true);
    now += 60_000;
    await revocations.sync();
    expect(asked).toEqual([0, 7]);
    expect(revocations.isRevoked('old')).toBe(false);
    expect(revocations.isRevoked('new')).toBe(true);
    expect(revocations.size).toBe(1);
  });
});

describe('The token verifier and sessions', () => {
  const keys = generateTokenKeys();
  const settings = { issuer: 'dealer-portal', audience: 'dealer-portal-api' };
  const signer = createTokenSigner({ ...settings, privateKey: keys.privateKey, ttlSeconds: 600 });
  const user = { sub: 'u-1', email: 'a@example.com', name: 'A', role: 'admin' as const, dealerId: null };

  test('When a token carries no sid, Then it is refused as invalid', () => {
    const verifier = createTokenVerifier({ ...settings, publicKey: keys.publicKey });
    const token = jwt.sign({ email: user.email, name: user.name, role: user.role, dealer_id: null }, keys.privateKey, {
      algorithm: 'ES256',
      ...settings,
      subject: user.sub,
      expiresIn: 600,
    });
    const err = refusal(() => verifier.verify(token));
    expect([err.status, err.detail]).toEqual([401, 'Invalid authentication token']);
    expect(verifier.verify(signer.sign({ ...user, sid: 's-1' }).token).sid).toBe('s-1');
  });

  test('When the sid is revoked, Then 401 says the session has ended; before the first sync every token gets 503', async () => {
    const feed = staticRevocationFeed();
    const revocations = new SessionRevocations({ feed, logger });
    const verifier = createTokenVerifier({ ...settings, publicKey: keys.publicKey, revocations });
    const token = signer.sign({ ...user, sid: 's-1' }).token;
    const early = refusal(() => verifier.verify(token));
    expect(early.status).toBe(503);
    expect(early.detail).toMatch(/try again in a moment/);
    await revocations.sync();
    expect(verifier.verify(token).sub).toBe('u-1');
    feed.revoke('s-1');
    await revocations.sync();
    const ended = refusal(() => verifier.verify(token));
    expect([ended.status, ended.detail]).toEqual([401, SESSION_ENDED]);
    expect(verifier.verify(signer.sign({ ...user, sid: 's-2' }).token).sid).toBe('s-2');
  });
});

describe('Sessions across services', () => {
  const feed = staticRevocationFeed();
  let feedCalls = 0;
  const countedFeed: RevocationFeed = (after) => {
    feedCalls++;
    return feed(after);
  };
  const identityService = defineService({
    name: 'identity',
    migrations: [],
    handlers: handlersFor('identity', { 'admin.users': whoCalled }),
    revocationFeed: () => countedFeed,
  });
  const mediaService = defineService({
    name: 'media',
    migrations: [],
    handlers: handlersFor('media', { 'admin.pictures': whoCalled }),
  });
  let portal: TestServices;

  beforeAll(async () => {
    portal = await startTestServices([mediaService, identityService], {
      prefix: 'platform_sessions',
      env: { SESSION_SYNC_INTERVAL_MS: '1000' },
    });
  });
  afterAll(async () => {
    await portal?.stop();
  });

  test('When identity revokes a session, Then identity and another service refuse its token within 5 s, without asking identity per request', async () => {
    const sid = randomUUID();
    const token = portal.tokenFor({ role: 'admin', sid });
    const other = portal.tokenFor({ role: 'admin' });
    const callsBefore = feedCalls;
    for (let i = 0; i < 30; i++) {
      expect((await portal.http('media').get('/api/admin/pictures').set(bearer(token))).status).toBe(200);
      expect((await portal.http('identity').get('/api/admin/users').set(bearer(token))).status).toBe(200);
    }
    // 60 requests in well under two sync intervals: the feed (a database query in identity) was asked only by
    // the timed syncs of the two lists, never per request
    expect(feedCalls - callsBefore).toBeLessThanOrEqual(4);

    feed.revoke(sid);
    const started = Date.now();
    await eventually(async () => {
      const media = await portal.http('media').get('/api/admin/pictures').set(bearer(token));
      const identity = await portal.http('identity').get('/api/admin/users').set(bearer(token));
      expect([media.status, media.body.detail]).toEqual([401, SESSION_ENDED]);
      expect([identity.status, identity.body.detail]).toEqual([401, SESSION_ENDED]);
    }, 5000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await portal.http('media').get('/api/admin/pictures').set(bearer(other))).status).toBe(200);
  });

  test('When the media service is asked for the feed, Then only identity serves it (the others have no such route)', async () => {
    const served = await portal.http('identity').get('/internal/session-revocations?after=0');
    expect(served.status).toBe(200);
    expect(served.headers['cache-control']).toBe('no-store');
    expect(served.body.revoked.length).toBeGreaterThan(0);
    expect((await portal.http('identity').get('/internal/session-revocations?after=-1')).status).toBe(400);
    expect((await portal.http('media').get('/internal/session-revocations')).status).toBe(404);
  });
});

describe('A service whose identity cannot be reached', () => {
  test('When it starts and identity never answers, Then signed-in calls get 503 with a clear detail and /readyz says it is not ready', async () => {
    const mediaService = defineService({
      name: 'media',
      migrations: [],
      handlers: handlersFor('media', { 'admin.pictures': whoCalled }),
    });
    const media = await startTestService(mediaService, {
      prefix: 'platform_no_identity',
      env: { IDENTITY_URL: 'http://127.0.0.1:9' },
    });
    try {
      const res = await media
        .http()
        .get('/api/admin/pictures')
        .set(bearer(media.tokenFor({ role: 'admin' })));
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe('Sign-in checks are starting up. Please try again in a moment.');
      // and it tells the orchestrator it is not ready for traffic yet
      const ready = await media.http().get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body.detail).toBe('Not ready: sessions');
    } finally {
      await media.stop();
    }
  });

  test('When IDENTITY_URL is missing, Then a service other than identity refuses to start', async () => {
    const mediaService = defineService({ name: 'media', migrations: [], handlers: handlersFor('media', {}) });
    const env = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', JWT_PUBLIC_KEY: generateTokenKeys().publicKey };
    await expect(startService(mediaService, env)).rejects.toThrow(/IDENTITY_URL: required/);
  });
});
