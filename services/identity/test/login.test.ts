import { endpoints } from '@portal/contracts';
import { createTokenVerifier, generateTokenKeys, type RunningService, startService } from '@portal/platform';
import { createTestDatabase, type TestDatabase } from '@portal/platform/testing';
import request from 'supertest';
import { identityService } from '../src/app';
import type { IdentityConfig } from '../src/config';
import { User } from '../src/data/user.entity';

const keys = generateTokenKeys();
const ADMIN = { email: 'Owner@Example.com', password: 'correct horse battery' };
let db: TestDatabase;
let identity: RunningService<IdentityConfig>;

beforeAll(async () => {
  db = await createTestDatabase('identity_login');
  identity = await startService(identityService, {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    JWT_PUBLIC_KEY: keys.publicKey,
    JWT_PRIVATE_KEY: keys.privateKey,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    OBJECTS_DIR: `/tmp/${db.name}/objects`,
    MAIL_OUTBOX_DIR: `/tmp/${db.name}/mail`,
  });
});

afterAll(async () => {
  await identity?.stop();
  await db?.drop();
});

const login = (body: object) => request(identity.app).post(endpoints['auth.login'].path).send(body);

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
      publicKey: keys.publicKey,
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
    const notJson = await request(identity.app)
      .post('/api/auth/login')
      .set('content-type', 'application/json')
      .send('{"email":');
    expect(notJson.status).toBe(400);
    expect(notJson.body.detail).toMatch(/not valid JSON/);
  });

  test('When a sign-in succeeds, Then last_login is recorded and the password is stored as argon2id', async () => {
    await login({ email: 'owner@example.com', password: ADMIN.password });
    const user = await identity.ctx.db.getRepository(User).findOneByOrFail({ email: 'owner@example.com' });
    expect(user.lastLogin).toBeInstanceOf(Date);
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  test('When the account is deactivated, Then the correct password no longer signs in', async () => {
    const users = identity.ctx.db.getRepository(User);
    await users.update({ email: 'owner@example.com' }, { isActive: false });
    try {
      const res = await login({ email: 'owner@example.com', password: ADMIN.password });
      expect(res.status).toBe(401);
      expect(res.body.detail).toMatch(/not active/);
    } finally {
      await users.update({ email: 'owner@example.com' }, { isActive: true });
    }
  });
});

describe('the rest of identity', () => {
  test('When a protected endpoint is called without a token, Then the service itself refuses it with 401', async () => {
    const res = await request(identity.app).get('/api/admin/users');
    expect(res.status).toBe(401);
  });

  test('When the service is up, Then /healthz and /readyz answer 200', async () => {
    expect((await request(identity.app).get('/healthz')).status).toBe(200);
    const ready = await request(identity.app).get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ database: 'ok' });
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
          JWT_PUBLIC_KEY: keys.publicKey,
          JWT_PRIVATE_KEY: keys.privateKey,
          OBJECTS_DIR: `/tmp/${empty.name}/objects`,
          MAIL_OUTBOX_DIR: `/tmp/${empty.name}/mail`,
        }),
      ).rejects.toThrow(/ADMIN_EMAIL/);
    } finally {
      await empty.drop();
    }
  });
});
