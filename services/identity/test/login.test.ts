import { endpoints } from '@portal/contracts';
import { createTokenVerifier, startService } from '@portal/platform';
import { createTestDatabase } from '@portal/platform/testing';
import { identityService } from '../src/app';
import { startIdentity, type TestIdentity } from './support/identity';

const ADMIN = { email: 'Owner@Example.com', password: 'correct horse battery' };
let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity('identity_login', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});

afterAll(async () => {
  await identity?.stop();
});

const login = (body: object) => identity.http().post(endpoints['auth.login'].path).send(body);

describe('POST /api/auth/login', () => {
  test('When the first admin signs in with the configured credentials, Then a verifiable ES256 token and the session user come back', async () => {
    const res = await login({ email: 'owner@example.com', password: ADMIN.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      token_type: 'bearer',
      expires_in: 28800,
      user: { email: 'owner@example.com', full_name: 'Administrator', role: 'admin', dealer_id: null },
    });
    const verifier = createTokenVerifier({
      publicKey: identity.env.JWT_PUBLIC_KEY as string,
      issuer: 'dealer-portal',
      audience: 'dealer-portal-api',
    });
    expect(verifier.verify(res.body.access_token)).toMatchObject({ role: 'admin', email: 'owner@example.com' });
    expect(JSON.parse(Buffer.from(res.body.access_token.split('.')[0], 'base64url').toString())).toMatchObject({
      alg: 'ES256',
    });
  });

  test('When the email differs only in case and spaces, Then the admin still signs in', async () => {
    const res = await login({ email: '  OWNER@example.COM ', password: ADMIN.password });
    expect(res.status).toBe(200);
  });

  test('When the password is wrong or the email unknown, Then both answer 401 with the same message', async () => {
    const wrong = await login({ email: 'owner@example.com', password: 'not the password' });
    const unknown = await login({ email: 'nobody@example.com', password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ detail: 'Incorrect email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  test('When fields are missing or the email is malformed, Then 400 with a clear detail and nothing else happens', async () => {
    const missing = await login({ email: 'owner@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/password/i);
    const malformed = await login({ email: 'not-an-email', password: 'x' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/valid email/i);
    const notJson = await identity
      .http()
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .send('{"email":');
    expect(notJson.status).toBe(400);
    expect(notJson.body.detail).toMatch(/not valid JSON/);
  });

  test('When a sign-in succeeds, Then last_login is recorded and the password is stored as argon2id', async () => {
    await login({ email: 'owner@example.com', password: ADMIN.password });
    const user = await identity.userByEmail('owner@example.com');
    expect(user?.last_login).toBeInstanceOf(Date);
    expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  test('When the account is deactivated, Then the correct password no longer signs in', async () => {
    const setActive = (active: boolean) =>
      identity.service.ctx.db.query('UPDATE users SET is_active = $1 WHERE email = $2', [active, 'owner@example.com']);
    await setActive(false);
    try {
      const res = await login({ email: 'owner@example.com', password: ADMIN.password });
      expect(res.status).toBe(401);
      expect(res.body.detail).toMatch(/not active/);
    } finally {
      await setActive(true);
    }
  });
});

describe('the rest of identity', () => {
  test('When a protected endpoint is called without a token, Then the service itself refuses it with 401', async () => {
    const res = await identity.http().get('/api/admin/users');
    expect(res.status).toBe(401);
  });

  test('When the service is up, Then /healthz and /readyz answer 200', async () => {
    expect((await identity.http().get('/healthz')).status).toBe(200);
    const ready = await identity.http().get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok', sessions: 'ok' });
  });

  test('When ADMIN_EMAIL is not set and no admin exists, Then the service refuses to start', async () => {
    const empty = await createTestDatabase('identity_noadmin');
    try {
      await expect(
        startService(identityService, {
          NODE_ENV: 'test',
          PORT: '0',
          LOG_LEVEL: 'silent',
          DATABASE_URL: empty.url,
          JWT_PUBLIC_KEY: identity.env.JWT_PUBLIC_KEY,
          JWT_PRIVATE_KEY: identity.env.JWT_PRIVATE_KEY,
          OBJECTS_DIR: `/tmp/${empty.name}/objects`,
          MAIL_OUTBOX_DIR: `/tmp/${empty.name}/mail`,
        }),
      ).rejects.toThrow(/ADMIN_EMAIL/);
    } finally {
      await empty.drop();
    }
  });
});
