import { createInvitation } from '../src/data/invitations';
import { passwordHashing } from '../src/domain/passwords';
import { bearer, FIRST_ADMIN, startIdentity, type TestIdentity } from './support/identity';
import { type IdentityReplica, startIdentityReplica } from './support/identity-replica';
import { unusedLoopbackHost } from './support/smtp-on-standard-port';

let identity: TestIdentity;
let replica: IdentityReplica;
let admin: string;
let nextAddress = 1;
const newAddress = () => `192.0.2.${nextAddress++}`;

beforeAll(async () => {
  identity = await startIdentity('identity_abuse');
  admin = await identity.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
  replica = await startIdentityReplica(identity);
});

afterAll(async () => {
  await replica?.stop();
  await identity?.stop();
});

const invitationFor = (dealerId: string, email: string) =>
  createInvitation(
    identity.service.ctx.db.manager,
    { dealer_id: dealerId, email, business_name: 'Blinds Inc', full_name: null, phone: null },
    FIRST_ADMIN.email,
  );

const signup = (body: object, address: string) =>
  identity.http().post('/api/dealer/complete-signup').set('x-forwarded-for', address).send(body);

describe('complete-signup cannot be used to burn CPU', () => {
  test('When 50 signups with made-up tokens arrive, Then no password is hashed and the address is throttled with 429', async () => {
    const address = newAddress();
    const hashesBefore = passwordHashing.computed;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        signup({ token: `made-up-token-${i}`, password: 'a long password', full_name: 'Mallory' }, address),
      ),
    );
    expect(passwordHashing.computed).toBe(hashesBefore);
    const statuses = results.map((r) => r.status);
    expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
    expect(statuses).toContain(429);
    const refused = results.find((r) => r.status === 429);
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused?.body.detail).toMatch(
      /^Too many invalid invitation links from your address\. Please wait \d+ seconds? and try again\.$/,
    );
  });

  test('When the token is valid, Then the signup hashes once and succeeds; a throttled address does not hold back another', async () => {
    const token = await invitationFor('DSIGNUP1', 'signup1@example.com');
    const hashesBefore = passwordHashing.computed;
    const res = await signup({ token, password: 'signup password', full_name: 'Sig Nup' }, newAddress());
    expect(res.status).toBe(200);
    expect(passwordHashing.computed).toBe(hashesBefore + 1);
    expect(
      (
        await identity
          .http()
          .post('/api/auth/login')
          .send({ email: 'signup1@example.com', password: 'signup password' })
      ).status,
    ).toBe(200);
  });
});

describe('verify-invitation', () => {
  test('When an address tries made-up tokens, Then after 10 it gets 429 with Retry-After; a real link from elsewhere still verifies', async () => {
    const address = newAddress();
    const verify = (token: string, from: string) =>
      identity.http().get('/api/dealer/verify-invitation').set('x-forwarded-for', from).query({ token });
    for (let i = 0; i < 11; i++) expect((await verify(`guess-${i}`, address)).status).toBe(400);
    const refused = await verify('guess-final', address);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const token = await invitationFor('DVERIFY1', 'verify1@example.com');
    expect((await verify(token, newAddress())).status).toBe(200);
  });
});

describe('update-profile current password', () => {
  test('When a session guesses the current password, Then after 5 wrong ones it must wait (429) even with the right one', async () => {
    await identity.addUser({ email: 'guessed@example.com', password: 'real password', role: 'delivery' });
    const token = await identity.signIn('guessed@example.com', 'real password');
    const change = (current: string) =>
      identity.http().post('/api/user/update-profile').set(bearer(token)).send({
        full_name: 'Guessed',
        email: 'guessed@example.com',
        current_password: current,
        new_password: 'brand new password',
      });
    for (let i = 0; i < 6; i++) {
      const wrong = await change(`guess ${i}`);
      expect([wrong.status, wrong.body.detail]).toEqual([400, 'Error: Current password is incorrect']);
    }
    const refused = await change('real password');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.body.detail).toBe('Too many wrong current passwords. Please wait 1 second and try again.');
    // a profile change without a password is not held back
    const nameOnly = await identity
      .http()
      .post('/api/user/update-profile')
      .set(bearer(token))
      .send({ full_name: 'Still Me', email: 'guessed@example.com' });
    expect(nameOnly.status).toBe(200);
  });
});

describe('test-email and invitations', () => {
  test('When an admin sends more than 20 test emails in 15 minutes, Then the next one gets 429', async () => {
    const form = {
      smtp_server: unusedLoopbackHost(),
      smtp_port: 25,
      sender_email: 'portal@example.com',
      use_ssl: false,
    };
    for (let i = 0; i < 20; i++) {
      const res = await identity.http().post('/api/admin/test-email').set(bearer(admin)).send(form);
      expect(res.status).toBe(400);
    }
    const refused = await identity.http().post('/api/admin/test-email').set(bearer(admin)).send(form);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^Too many test emails\. Please wait \d+ minutes? and try again\.$/);
  });

  test('When invitations to one dealer are sent more than 5 times in 15 minutes, Then the sixth gets 429; another dealer is not held back', async () => {
    const invite = (dealerId: string) =>
      identity
        .http()
        .post(`/api/admin/send-login-invitation/${dealerId}`)
        .set(bearer(admin))
        .send({ email: `${dealerId.toLowerCase()}@example.com` });
    for (let i = 0; i < 5; i++) expect((await invite('DINVITE1')).status).toBe(200);
    const refused = await invite('DINVITE1');
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toMatch(/^Too many invitations were sent to this dealer\./);
    expect((await invite('DINVITE2')).status).toBe(200);
  });
});

describe('The limits hold across replicas (counted in PostgreSQL)', () => {
  /** the first identity for even attempts, its replica for odd ones */
  const on = (i: number) => (i % 2 ? replica : identity).http();

  test.each([
    {
      limit: 'wrong invitation tokens per address',
      allowed: 11,
      expected: 400,
      async setUp() {
        const address = newAddress();
        return (i: number) =>
          on(i)
            .get('/api/dealer/verify-invitation')
            .set('x-forwarded-for', address)
            .query({ token: `guess-${i}` });
      },
    },
    {
      limit: 'wrong current passwords per user',
      allowed: 6,
      expected: 400,
      async setUp() {
        await identity.addUser({ email: 'replicated@example.com', password: 'real password', role: 'delivery' });
        const token = await identity.signIn('replicated@example.com', 'real password');
        return (i: number) =>
          on(i)
            .post('/api/user/update-profile')
            .set(bearer(token))
            .send({
              full_name: 'Replicated',
              email: 'replicated@example.com',
              current_password: `guess ${i}`,
              new_password: 'brand new password',
            });
      },
    },
    {
      limit: 'test mails per admin',
      allowed: 20,
      expected: 400,
      async setUp() {
        await identity.addUser({ email: 'second.admin@example.com', password: 'admin password', role: 'admin' });
        const token = await identity.signIn('second.admin@example.com', 'admin password');
        const form = {
          smtp_server: unusedLoopbackHost(),
          smtp_port: 25,
          sender_email: 'p@example.com',
          use_ssl: false,
        };
        return (i: number) => on(i).post('/api/admin/test-email').set(bearer(token)).send(form);
      },
    },
  ])('When $limit are spread over two replicas, Then the limit is met at the same count as on one', async (c) => {
    const attempt = await c.setUp();
    for (let i = 0; i < c.allowed; i++) expect((await attempt(i)).status).toBe(c.expected);
    const refused = await attempt(c.allowed);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
  });
});
