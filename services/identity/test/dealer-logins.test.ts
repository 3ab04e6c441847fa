import { randomUUID } from 'node:crypto';
import { DealerArchived, DealerCreated, DealerDeleted, type EventDef } from '@portal/contracts';
import { createInProcessTransport, createLogger } from '@portal/platform';
import { dealerSnapshot, deliverEvent } from '@portal/platform/testing';
import { parseMail, type SmtpReceiver, startSmtpReceiver } from '@portal/platform/testing/smtp-receiver';
import type { z } from 'zod';
import { eventually, startIdentity, type TestIdentity } from './support/identity';

const ADMIN = { email: 'admin@example.com', password: 'correct horse battery' };
const logger = createLogger('test', 'silent');
const transport = createInProcessTransport({ logger });
let smtp: SmtpReceiver;
let identity: TestIdentity;
let admin: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  identity = await startIdentity(
    'identity_dealer_logins',
    {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_BASE_URL: 'https://portal.example.com',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'false',
      MAIL_FROM: 'Portal <portal@example.com>',
    },
    { transport, logger },
  );
  admin = `Bearer ${await identity.signIn(ADMIN.email, ADMIN.password)}`;
});

afterAll(async () => {
  await identity?.stop();
  await transport.close();
  await smtp?.stop();
});

const api = () => identity.http();
const signIn = (email: string, password: string) => api().post('/api/auth/login').send({ email, password });
const newDealerId = () => `D${randomUUID().slice(0, 8).toUpperCase()}`;

/** Publishes a dealer event as the dealer service would, and waits until identity applied it. */
const dealerEvent = <D extends EventDef>(def: D, dealerId: string, payload: z.input<D['payload']>) =>
  deliverEvent(transport, identity.service, def, dealerId, payload);

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
    const dealer = `Bearer ${identity.tokenFor('dealer')}`;
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
    await dealerEvent(
      DealerCreated,
      dealerId,
      dealerSnapshot({
        dealer_id: dealerId,
        business_name: 'Timber Blinds',
        full_name: 'Tim Ber',
        email: 'tim@example.com',
        phone: '555-0199',
      }),
    );
    expect((await invite(dealerId, { email: '' })).body.detail).toBe('Error: Email is required');
    expect((await invite(dealerId, { email: 'tim@example.com', business_name: 'Timber Blinds' })).body).toEqual({
      success: true,
      message: 'Login invitation sent successfully!',
    });
    const { token, mail } = tokenOfLastMail();
    expect(smtp.received.at(-1)?.envelopeTo).toEqual(['tim@example.com']);
    expect(mail.headers.get('subject')).toBe('Your dealer portal invitation');
    const stored = await identity.service.ctx.db.query(
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
    const [event] = await identity.service.ctx.db.query(
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
    await identity.service.ctx.db.query(
      `UPDATE dealer_invitations SET expires_at = now() - interval '1 second' WHERE dealer_id = $1`,
      [dealerId],
    );
    const expired = await api()
      .post('/api/dealer/complete-signup')
      .send({ token: fresh, password: 'late password', full_name: 'Late' });
    expect([expired.status, expired.body.detail]).toEqual([400, 'Error: Invalid or expired invitation']);
  });
});

describe('create-login for a new dealer (called by the dealer service before it stores the dealer)', () => {
  const create = (dealerId: string, body: object) =>
    api().post(`/api/admin/create-dealer-login/${dealerId}`).set('authorization', admin).send(body);
  const loginRow = async (dealerId: string) => {
    const rows = await identity.service.ctx.db.query(
      'SELECT id, awaiting_dealer_since FROM users WHERE dealer_id = $1',
      [dealerId],
    );
    return rows as { id: string; awaiting_dealer_since: Date | null }[];
  };

  test('When the same create-login is repeated (a retry after a lost answer), Then it succeeds without a second login', async () => {
    const dealerId = newDealerId();
    const body = { email: 'retry@example.com', password: 'temporary pw 1' };
    const first = await create(dealerId, body);
    const [again, concurrent] = await Promise.all([create(dealerId, body), create(dealerId, body)]);
    for (const res of [first, again, concurrent]) {
      expect(res.status).toBe(200);
      expect(res.body.login_info).toMatchObject({ email: 'retry@example.com', is_active: true });
    }
    expect(await loginRow(dealerId)).toHaveLength(1);
  });

  test('When a create-login for a dealer with a login differs (email or password), Then 409 and the login is unchanged', async () => {
    const dealerId = newDealerId();
    await create(dealerId, { email: 'first@example.com', password: 'temporary pw 1' });
    const [before] = await loginRow(dealerId);
    const otherPassword = await create(dealerId, { email: 'first@example.com', password: 'another pw 2' });
    const otherEmail = await create(dealerId, { email: 'second@example.com', password: 'temporary pw 1' });
    for (const res of [otherPassword, otherEmail]) {
      expect([res.status, res.body.detail]).toEqual([409, 'Error: This dealer already has a login']);
    }
    expect(await loginRow(dealerId)).toEqual([before]);
    expect((await signIn('first@example.com', 'temporary pw 1')).status).toBe(200);
  });

  test('When identity does not know the dealer yet, Then the login awaits it; dealer.created ends the wait', async () => {
    const dealerId = newDealerId();
    await create(dealerId, { email: 'awaiting@example.com', password: 'temporary pw 1' });
    expect((await loginRow(dealerId))[0]?.awaiting_dealer_since).toBeInstanceOf(Date);
    await dealerEvent(
      DealerCreated,
      dealerId,
      dealerSnapshot({
        dealer_id: dealerId,
        business_name: 'Awaited Blinds',
        email: 'awaiting@example.com',
      }),
    );
    expect((await loginRow(dealerId))[0]?.awaiting_dealer_since).toBeNull();

    const known = newDealerId();
    await dealerEvent(
      DealerCreated,
      known,
      dealerSnapshot({
        dealer_id: known,
        business_name: 'Known Blinds',
        email: 'known@example.com',
      }),
    );
    await create(known, { email: 'known@example.com', password: 'temporary pw 1' });
    expect((await loginRow(known))[0]?.awaiting_dealer_since).toBeNull();
  });
});

describe('The reconcile step', () => {
  test('When a login still awaits its dealer after the grace period, Then it is deleted and its sessions end; a login whose dealer came stays', async () => {
    const quick = await startIdentity('identity_reconcile', {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_AWAITING_DEALER_GRACE_MINUTES: '0.05',
      IDENTITY_HOUSEKEEPING_INTERVAL_MS: '200',
    });
    try {
      const token = await quick.signIn(ADMIN.email, ADMIN.password);
      const orphan = newDealerId();
      const kept = newDealerId();
      for (const [dealerId, email] of [
        [orphan, 'orphan@example.com'],
        [kept, 'kept@example.com'],
      ]) {
        const res = await quick
          .http()
          .post(`/api/admin/create-dealer-login/${dealerId}`)
          .set('authorization', `Bearer ${token}`)
          .send({ email, password: 'temporary pw 1' });
        expect(res.status).toBe(200);
      }
      const orphanToken = await quick.signIn('orphan@example.com', 'temporary pw 1');
      // the dealer service stored `kept` (its event arrives); `orphan` never was (a crash after the identity call)
      await quick.service.ctx.transaction((manager) =>
        manager.query('UPDATE users SET awaiting_dealer_since = NULL WHERE dealer_id = $1', [kept]),
      );
      await eventually(async () => expect(await quick.userByEmail('orphan@example.com')).toBeNull(), 10000);
      expect(await quick.userByEmail('kept@example.com')).not.toBeNull();
      await eventually(async () => {
        const res = await quick
          .http()
          .post('/api/user/update-profile')
          .set('authorization', `Bearer ${orphanToken}`)
          .send({ full_name: 'Orphan', email: 'orphan@example.com' });
        expect([res.status, res.body.detail]).toEqual([401, 'Your session has ended. Please sign in again.']);
      });
    } finally {
      await quick.stop();
    }
  });
});
