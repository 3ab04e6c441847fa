import { randomUUID } from 'node:crypto';
import { DealerArchived, DealerCreated, DealerDeleted, type EventDef } from '@portal/contracts';
import {
  createInProcessTransport,
  createLogger,
  createTokenSigner,
  generateTokenKeys,
  type RunningService,
  startService,
} from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';
import request from 'supertest';
import { parseMail, type SmtpReceiver, startSmtpReceiver } from '../../platform/test/mail/smtp-receiver';
import { identityService } from '../src/app';

const keys = generateTokenKeys();
const ADMIN = { email: 'admin@example.com', password: 'correct horse battery' };
const logger = createLogger('test', 'silent');
const transport = createInProcessTransport({ logger });
let db: TestDatabase;
let smtp: SmtpReceiver;
let identity: RunningService;
let admin: string;

beforeAll(async () => {
  db = await createTestDatabase('identity_dealer_logins');
  smtp = await startSmtpReceiver();
  identity = await startService(
    identityService,
    {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: db.url,
      JWT_PUBLIC_KEY: keys.publicKey,
      JWT_PRIVATE_KEY: keys.privateKey,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_BASE_URL: 'https://portal.example.com',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'false',
      MAIL_FROM: 'Portal <portal@example.com>',
      OBJECTS_DIR: `/tmp/${db.name}/objects`,
      EVENT_RETRY_DELAY_MS: '50',
    },
    { transport, logger },
  );
  admin = `Bearer ${(await request(identity.app).post('/api/auth/login').send(ADMIN)).body.access_token}`;
});

afterAll(async () => {
  await identity?.stop();
  await transport.close();
  await smtp?.stop();
  await db?.drop();
});

const api = () => request(identity.app);
const signIn = (email: string, password: string) => api().post('/api/auth/login').send({ email, password });
const newDealerId = () => `D${randomUUID().slice(0, 8).toUpperCase()}`;

/** Publishes a dealer event as the dealer service would, and waits until identity applied it. */
async function dealerEvent<P>(def: EventDef, dealerId: string, payload: P) {
  const id = randomUUID();
  await transport.publish(
    {
      id,
      type: def.type,
      version: def.version,
      occurredAt: new Date().toISOString(),
      producer: 'dealer',
      aggregateId: dealerId,
      payload,
    },
    {},
  );
  for (let i = 0; i < 100; i++) {
    if ((await identity.ctx.db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [id])).length) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`event ${def.type} was not applied`);
}

describe('dealer login management', () => {
  test('When a login is created, read, updated and deleted, Then each step answers the spec messages', async () => {
    const dealerId = newDealerId();
    const path = (action: string) => `/api/admin/${action}/${dealerId}`;
    expect((await api().get(path('dealer-login-info')).set('authorization', admin)).body).toEqual({
      success: true,
      login_info: null,
    });

    const short = await api()
      .post(path('create-dealer-login'))
      .set('authorization', admin)
      .send({ email: 'd1@example.com', password: 'short' });
    expect(short.body.detail).toBe('Error: Password must be at least 8 characters long');
    const noEmail = await api()
      .post(path('create-dealer-login'))
      .set('authorization', admin)
      .send({ email: '', password: 'long enough' });
    expect(noEmail.body.detail).toBe('Error: Email is required');
    const taken = await api()
      .post(path('create-dealer-login'))
      .set('authorization', admin)
      .send({ email: ADMIN.email, password: 'long enough' });
    expect([taken.status, taken.body.detail]).toEqual([409, 'Error: This email is already used by another login']);

    const created = await api()
      .post(path('create-dealer-login'))
      .set('authorization', admin)
      .send({ email: 'D1@example.com', password: 'first password' });
    expect(created.body).toEqual({
      success: true,
      message: 'Login credentials created successfully! Dealer can now log in.',
      login_info: { email: 'd1@example.com', last_login: null, is_active: true },
    });
    expect(
      (
        await api()
          .post(path('create-dealer-login'))
          .set('authorization', admin)
          .send({ email: 'x@example.com', password: 'long enough' })
      ).status,
    ).toBe(409);
    expect((await signIn('d1@example.com', 'first password')).body.user).toMatchObject({
      role: 'dealer',
      dealer_id: dealerId,
    });

    const keepPassword = await api()
      .put(path('update-dealer-login'))
      .set('authorization', admin)
      .send({ email: 'd1.new@example.com', password: '' });
    expect(keepPassword.body).toMatchObject({
      message: 'Login information updated successfully!',
      login_info: { email: 'd1.new@example.com', last_login: expect.any(String) },
    });
    expect((await signIn('d1.new@example.com', 'first password')).status).toBe(200);
    await api()
      .put(path('update-dealer-login'))
      .set('authorization', admin)
      .send({ email: 'd1.new@example.com', password: 'second password' });
    expect((await signIn('d1.new@example.com', 'first password')).status).toBe(401);
    expect(
      (await api().put(path('update-dealer-login')).set('authorization', admin).send({ email: '' })).body.detail,
    ).toBe('Error: Email is required');

    expect((await api().delete(path('delete-dealer-login')).set('authorization', admin)).body).toEqual({
      success: true,
      message: 'Login credentials deleted successfully!',
    });
    expect((await signIn('d1.new@example.com', 'second password')).status).toBe(401);
    expect((await api().delete(path('delete-dealer-login')).set('authorization', admin)).status).toBe(404);
  });

  test('When anyone but an admin calls the login endpoints, Then they are refused', async () => {
    const signer = createTokenSigner({
      privateKey: keys.privateKey,
      issuer: 'dealer-portal',
      audience: 'dealer-portal-api',
      ttlSeconds: 60,
    });
    const dealer = `Bearer ${signer.sign({ sub: 'x', email: 'x@example.com', name: 'X', role: 'dealer', dealerId: 'DX' }).token}`;
    for (const [method, action] of [
      ['get', 'dealer-login-info'],
      ['post', 'create-dealer-login'],
      ['put', 'update-dealer-login'],
      ['post', 'send-login-invitation'],
      ['delete', 'delete-dealer-login'],
    ] as const) {
      expect((await api()[method](`/api/admin/${action}/DX`).set('authorization', dealer).send({})).status).toBe(403);
      expect((await api()[method](`/api/admin/${action}/DX`).send({})).status).toBe(401);
    }
  });

  test('When the dealer is archived, Then its login cannot sign in; deleted, Then the login is gone', async () => {
    const dealerId = newDealerId();
    await api()
      .post(`/api/admin/create-dealer-login/${dealerId}`)
      .set('authorization', admin)
      .send({ email: 'arch@example.com', password: 'archive me please' });
    await dealerEvent(DealerArchived, dealerId, { dealer_id: dealerId, archived_at: new Date().toISOString() });
    const refused = await signIn('arch@example.com', 'archive me please');
    expect([refused.status, refused.body.detail]).toEqual([
      401,
      'This account is not active. Please contact administration.',
    ]);
    expect(
      (await api().get(`/api/admin/dealer-login-info/${dealerId}`).set('authorization', admin)).body.login_info
        .is_active,
    ).toBe(false);
    await dealerEvent(DealerDeleted, dealerId, { dealer_id: dealerId });
    expect(
      (await api().get(`/api/admin/dealer-login-info/${dealerId}`).set('authorization', admin)).body.login_info,
    ).toBeNull();
  });
});

describe('invitations and dealer signup', () => {
  const invite = (dealerId: string, body: object) =>
    api().post(`/api/admin/send-login-invitation/${dealerId}`).set('authorization', admin).send(body);
  const tokenOfLastMail = () => {
    const mail = parseMail(smtp.received.at(-1)?.raw ?? '');
    const body = mail.body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = /https:\/\/portal\.example\.com\/\?action=dealer-signup&token=([\w-]+)/.exec(body);
    if (!match) throw new Error('no invitation link in the mail');
    return { token: match[1] as string, mail };
  };

  test('When an invitation is sent, Then a real mail carries a single-use link; the dealer signs up once and signs in', async () => {
    const dealerId = newDealerId();
    await dealerEvent(DealerCreated, dealerId, {
      dealer_id: dealerId,
      business_name: 'Timber Blinds',
      full_name: 'Tim Ber',
      email: 'tim@example.com',
      phone: '555-0199',
      address: null,
      city: null,
      state: null,
      zip_code: null,
      zone: null,
      website: null,
    });
    expect((await invite(dealerId, { email: '' })).body.detail).toBe('Error: Email is required');
    expect((await invite(dealerId, { email: 'tim@example.com', business_name: 'Timber Blinds' })).body).toEqual({
      success: true,
      message: 'Login invitation sent successfully!',
    });
    const { token, mail } = tokenOfLastMail();
    expect(smtp.received.at(-1)?.envelopeTo).toEqual(['tim@example.com']);
    expect(mail.headers.get('subject')).toBe('Your dealer portal invitation');
    const stored = await identity.ctx.db.query(
      'SELECT token_hash, expires_at - created_at AS ttl FROM dealer_invitations WHERE dealer_id = $1',
      [dealerId],
    );
    expect(stored[0].token_hash).not.toContain(token);
    expect(stored[0].ttl).toMatchObject({ days: 7 });

    const verified = await api().get('/api/dealer/verify-invitation').query({ token });
    expect(verified.body).toMatchObject({
      success: true,
      email: 'tim@example.com',
      dealer_info: { business_name: 'Timber Blinds', full_name: 'Tim Ber', phone: '555-0199' },
    });
    expect((await api().get('/api/dealer/verify-invitation').query({ token: '' })).body.detail).toBe(
      'Error: Invalid invitation link. Please contact support.',
    );
    expect((await api().get('/api/dealer/verify-invitation').query({ token: 'forged' })).body.detail).toBe(
      'Error: Invalid or expired invitation',
    );

    const signup = (body: object) =>
      api()
        .post('/api/dealer/complete-signup')
        .send({ token, ...body });
    expect((await signup({ password: 'short', full_name: 'Tim Ber' })).body.detail).toBe(
      'Error: Password must be at least 8 characters long',
    );
    expect((await signup({ password: 'long enough pw', full_name: ' ' })).body.detail).toBe(
      'Error: Full name is required',
    );
    const [first, second] = await Promise.all([
      signup({ password: 'timber password', full_name: 'Timothy Ber', phone: '555-0200' }),
      signup({ password: 'other password', full_name: 'Mallory' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const winner = first.status === 200 ? 'timber password' : 'other password';
    expect([first, second].find((r) => r.status === 400)?.body.detail).toBe('Error: Invalid or expired invitation');
    expect((await signup({ password: 'third password', full_name: 'Again' })).body.detail).toBe(
      'Error: Invalid or expired invitation',
    );
    const session = await signIn('tim@example.com', winner);
    expect(session.body.user).toMatchObject({ role: 'dealer', dealer_id: dealerId });
    const [event] = await identity.ctx.db.query(
      `SELECT envelope FROM outbox WHERE type = 'dealer.signup_completed' AND aggregate_id = $1`,
      [dealerId],
    );
    expect(event.envelope.payload).toMatchObject({ dealer_id: dealerId, email: 'tim@example.com' });
    expect((await invite(dealerId, { email: 'tim2@example.com' })).body.detail).toBe(
      'Error: This dealer already has a login',
    );
  });

  test('When an invitation is older than 7 days, Then it no longer works; a newer one replaces an older one', async () => {
    const dealerId = newDealerId();
    await invite(dealerId, { email: 'late@example.com' });
    const old = tokenOfLastMail().token;
    await invite(dealerId, { email: 'late@example.com' });
    const fresh = tokenOfLastMail().token;
    expect((await api().get('/api/dealer/verify-invitation').query({ token: old })).status).toBe(400);
    await identity.ctx.db.query(
      `UPDATE dealer_invitations SET expires_at = now() - interval '1 second' WHERE dealer_id = $1`,
      [dealerId],
    );
    const expired = await api()
      .post('/api/dealer/complete-signup')
      .send({ token: fresh, password: 'late password', full_name: 'Late' });
    expect([expired.status, expired.body.detail]).toEqual([400, 'Error: Invalid or expired invitation']);
  });
});
