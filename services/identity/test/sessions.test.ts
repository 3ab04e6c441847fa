import { randomUUID } from 'node:crypto';
import { DealerArchived, DealerDeleted, type EventDef } from '@portal/contracts';
import { createInProcessTransport, createLogger } from '@portal/platform';
import { deliverEvent } from '@portal/platform/testing';
import type { z } from 'zod';
import { bearer, eventually, FIRST_ADMIN, startIdentity, type TestIdentity } from './support/identity';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
const logger = createLogger('test', 'silent');
const transport = createInProcessTransport({ logger });
let identity: TestIdentity;
let admin: string;

beforeAll(async () => {
  identity = await startIdentity('identity_sessions', {}, { transport, logger });
  admin = await identity.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
});

afterAll(async () => {
  await identity?.stop();
  await transport.close();
});

/** A call any signed-in user may make that changes nothing: the profile saved as it is. */
const touchProfile = (token: string, email: string) =>
  identity.http().post('/api/user/update-profile').set(bearer(token)).send({ full_name: 'Same Name', email });

async function expectWorks(token: string, email: string) {
  const res = await touchProfile(token, email);
  expect([res.status, res.body.detail]).toEqual([200, undefined]);
}

/** The token is refused as an ended session (within the revocation sync interval). */
async function expectEnded(token: string, email: string) {
  await eventually(async () => {
    const res = await touchProfile(token, email);
    expect([res.status, res.body.detail]).toEqual([401, SESSION_ENDED]);
  }, 3000);
}

const admin_ = (method: 'post' | 'put' | 'delete', path: string) => identity.http()[method](path).set(bearer(admin));

async function dealerLogin(email: string, password: string) {
  const dealerId = `D${randomUUID().slice(0, 8).toUpperCase()}`;
  const created = await admin_('post', `/api/admin/create-dealer-login/${dealerId}`).send({ email, password });
  expect(created.status).toBe(200);
  return { dealerId, token: await identity.signIn(email, password) };
}

const dealerEvent = <D extends EventDef>(def: D, dealerId: string, payload: z.input<D['payload']>) =>
  deliverEvent(transport, identity.service, def, dealerId, payload);

describe('Sessions: every token names one', () => {
  test('When a user signs in, Then the token carries a sid of an open session stored by identity', async () => {
    const [, payload] = admin.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    expect(claims.sid).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await identity.service.ctx.db.query(
      'SELECT user_id, revoked_at, expires_at FROM sessions WHERE sid = $1',
      [claims.sid],
    );
    expect(row).toMatchObject({ user_id: claims.sub, revoked_at: null });
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(claims.exp * 1000);
  });
});

describe('Revoking actions end the earlier tokens', () => {
  test('When a staff user is deleted, Then its token gets 401 at once (no 8-hour afterlife)', async () => {
    await identity.addUser({ email: 'gone.driver@example.com', password: 'driver password', role: 'delivery' });
    const token = await identity.signIn('gone.driver@example.com', 'driver password');
    await expectWorks(token, 'gone.driver@example.com');
    expect((await admin_('delete', '/api/admin/delete-admin-user/gone.driver@example.com')).status).toBe(200);
    await expectEnded(token, 'gone.driver@example.com');
  });

  test('When a deleted admin tries to create a new admin with its old token, Then it is refused', async () => {
    await identity.addUser({ email: 'gone.admin@example.com', password: 'admin password', role: 'admin' });
    const token = await identity.signIn('gone.admin@example.com', 'admin password');
    expect((await admin_('delete', '/api/admin/delete-admin-user/gone.admin@example.com')).status).toBe(200);
    await eventually(async () => {
      const res = await identity.http().get('/api/admin/users').set(bearer(token));
      expect([res.status, res.body.detail]).toEqual([401, SESSION_ENDED]);
    }, 3000);
    const res = await identity
      .http()
      .post('/api/admin/create-admin-user')
      .set(bearer(token))
      .send({ email: 'sneaky@example.com', full_name: 'Sneaky' });
    expect([res.status, res.body.detail]).toEqual([401, SESSION_ENDED]);
    expect(await identity.userByEmail('sneaky@example.com')).toBeNull();
  });

  test('When a dealer login is deleted, Then its token can no longer write the profile', async () => {
    const { dealerId, token } = await dealerLogin('deleted.dealer@example.com', 'dealer password');
    await expectWorks(token, 'deleted.dealer@example.com');
    expect((await admin_('delete', `/api/admin/delete-dealer-login/${dealerId}`)).status).toBe(200);
    await expectEnded(token, 'deleted.dealer@example.com');
  });

  test("When an admin sets a dealer login's password, Then the dealer's earlier tokens end; changing only the email keeps them", async () => {
    const { dealerId, token } = await dealerLogin('reset.dealer@example.com', 'dealer password');
    const emailOnly = await admin_('put', `/api/admin/update-dealer-login/${dealerId}`).send({
      email: 'reset.dealer@example.com',
      password: '',
    });
    expect(emailOnly.status).toBe(200);
    await identity.service.ctx.sessions.sync(); // a revocation, had there been one, is known from here on
    await expectWorks(token, 'reset.dealer@example.com');
    const reset = await admin_('put', `/api/admin/update-dealer-login/${dealerId}`).send({
      email: 'reset.dealer@example.com',
      password: 'a new password',
    });
    expect(reset.status).toBe(200);
    await expectEnded(token, 'reset.dealer@example.com');
    await expectWorks(await identity.signIn('reset.dealer@example.com', 'a new password'), 'reset.dealer@example.com');
  });

  test("When the dealer is archived, Then its login's tokens end; when deleted, Then too", async () => {
    const archived = await dealerLogin('archived.dealer@example.com', 'dealer password');
    await dealerEvent(DealerArchived, archived.dealerId, {
      dealer_id: archived.dealerId,
      archived_at: new Date().toISOString(),
    });
    await expectEnded(archived.token, 'archived.dealer@example.com');

    const deleted = await dealerLogin('deleted.with.dealer@example.com', 'dealer password');
    await expectWorks(deleted.token, 'deleted.with.dealer@example.com');
    await dealerEvent(DealerDeleted, deleted.dealerId, { dealer_id: deleted.dealerId });
    await expectEnded(deleted.token, 'deleted.with.dealer@example.com');
  });

  test("When a user signs out, Then that token ends and the user's other sessions go on", async () => {
    await identity.addUser({ email: 'leaver@example.com', password: 'leaver password', role: 'delivery' });
    const laptop = await identity.signIn('leaver@example.com', 'leaver password');
    const phone = await identity.signIn('leaver@example.com', 'leaver password');
    const out = await identity.http().post('/api/auth/logout').set(bearer(laptop)).send({});
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: 'Signed out' });
    await expectEnded(laptop, 'leaver@example.com');
    await expectWorks(phone, 'leaver@example.com');
    // signing out again with the ended token is refused like any other call
    expect((await identity.http().post('/api/auth/logout').set(bearer(laptop)).send({})).status).toBe(401);
  });

  test('When signing out without a token, Then 401', async () => {
    expect((await identity.http().post('/api/auth/logout').send({})).status).toBe(401);
  });
});

describe("Identity's own check needs no poll", () => {
  // a poll that would come only after the test: what identity refuses, it refuses because it synced at once
  let slow: TestIdentity;
  let slowAdmin: string;
  beforeAll(async () => {
    slow = await startIdentity('identity_sessions_now', { SESSION_SYNC_INTERVAL_MS: '60000' });
    slowAdmin = await slow.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
  });
  afterAll(() => slow?.stop());

  const profileOf = (token: string, email: string) =>
    slow.http().post('/api/user/update-profile').set(bearer(token)).send({ full_name: 'Same Name', email });

  test('When a staff user is deleted or signs out, Then identity refuses the token on the very next request', async () => {
    await slow.addUser({ email: 'now.gone@example.com', password: 'driver password', role: 'delivery' });
    const deleted = await slow.signIn('now.gone@example.com', 'driver password');
    await slow.addUser({ email: 'now.out@example.com', password: 'driver password', role: 'delivery' });
    const signedOut = await slow.signIn('now.out@example.com', 'driver password');
    expect((await profileOf(deleted, 'now.gone@example.com')).status).toBe(200);

    const del = await slow.http().delete('/api/admin/delete-admin-user/now.gone@example.com').set(bearer(slowAdmin));
    expect(del.status).toBe(200);
    expect((await slow.http().post('/api/auth/logout').set(bearer(signedOut)).send({})).status).toBe(200);

    for (const [token, email] of [
      [deleted, 'now.gone@example.com'],
      [signedOut, 'now.out@example.com'],
    ] as const) {
      const res = await profileOf(token, email);
      expect([res.status, res.body.detail]).toEqual([401, SESSION_ENDED]);
    }
  });

  test('When a user changes the password, Then the old token is refused at once and the answered one works', async () => {
    await slow.addUser({ email: 'now.changer@example.com', password: 'old password 1', role: 'delivery' });
    const old = await slow.signIn('now.changer@example.com', 'old password 1');
    const changed = await slow.http().post('/api/user/update-profile').set(bearer(old)).send({
      full_name: 'Changer',
      email: 'now.changer@example.com',
      current_password: 'old password 1',
      new_password: 'new password 2',
    });
    expect(changed.status).toBe(200);
    expect((await profileOf(old, 'now.changer@example.com')).status).toBe(401);
    expect((await profileOf(changed.body.access_token, 'now.changer@example.com')).status).toBe(200);
  });
});

describe('The revocation feed other services poll', () => {
  test('When sessions are revoked, Then GET /internal/session-revocations lists them after a cursor, once', async () => {
    const first = await identity.http().get('/internal/session-revocations').query({ after: 0 });
    expect(first.status).toBe(200);
    const cursor: number = first.body.cursor;
    await identity.addUser({ email: 'feed@example.com', password: 'feed password', role: 'delivery' });
    const token = await identity.signIn('feed@example.com', 'feed password');
    const sid = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sid;
    expect(first.body.revoked.map((r: { sid: string }) => r.sid)).not.toContain(sid);
    await identity.http().post('/api/auth/logout').set(bearer(token)).send({});
    const next = await identity.http().get('/internal/session-revocations').query({ after: cursor });
    expect(next.body.cursor).toBeGreaterThan(cursor);
    expect(next.body.revoked).toEqual([{ sid, expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }]);
    const after = await identity.http().get('/internal/session-revocations').query({ after: next.body.cursor });
    expect(after.body).toEqual({ cursor: next.body.cursor, revoked: [] });
  });
});

describe('Housekeeping', () => {
  test('When sessions expired over an hour ago, Then the periodic prune deletes them; live ones stay', async () => {
    const pruned = await startIdentity('identity_prune', { IDENTITY_HOUSEKEEPING_INTERVAL_MS: '200' });
    try {
      const token = await pruned.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
      const sid = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()).sid;
      const db = pruned.service.ctx.db;
      const [{ id }] = await db.query('SELECT id FROM users WHERE email = $1', [FIRST_ADMIN.email]);
      await db.query(
        `INSERT INTO sessions (user_id, created_at, expires_at) VALUES ($1, now() - interval '10 hours', now() - interval '2 hours')`,
        [id],
      );
      await eventually(async () => {
        const rows = await db.query(`SELECT sid FROM sessions WHERE expires_at < now()`);
        expect(rows).toHaveLength(0);
      }, 3000);
      expect(await db.query('SELECT 1 FROM sessions WHERE sid = $1', [sid])).toHaveLength(1);
    } finally {
      await pruned.stop();
    }
  });
});
