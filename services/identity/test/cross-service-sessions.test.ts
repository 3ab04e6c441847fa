import { catalogService } from '@portal/catalog';
import { bearer, eventually, startTestServices, type TestServices } from '@portal/platform/testing';
import { identityService } from '../src/app';
import { FIRST_ADMIN, TEST_ENCRYPTION_KEY } from './support/identity';

/**
 * A revocation in identity reaches every other service within seconds: they poll identity's feed
 * (SESSION_SYNC_INTERVAL_MS, 200 ms here), with no database query per request. The catalog's admin product
 * list is the other service's signed-in call: 200 = token accepted, 401 = refused.
 */
let portal: TestServices;

beforeAll(async () => {
  portal = await startTestServices([identityService, catalogService], {
    prefix: 'identity_cross_sessions',
    envOf: {
      identity: {
        ADMIN_EMAIL: FIRST_ADMIN.email,
        ADMIN_PASSWORD: FIRST_ADMIN.password,
        SETTINGS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      },
    },
  });
});

afterAll(async () => {
  await portal?.stop();
});

const products = (token: string) => portal.http('catalog').get('/api/admin/products').set(bearer(token));

describe('Revocations on other services', () => {
  test('When an admin is deleted, Then its token is refused by another service within 5 seconds', async () => {
    const admin = await portal.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
    const created = await portal
      .http('identity')
      .post('/api/admin/create-admin-user')
      .set(bearer(admin))
      .send({ email: 'second@example.com', full_name: 'Second Admin' });
    const second = await portal.signIn('second@example.com', created.body.temporary_password);
    expect((await products(second)).status).toBe(200);

    await portal.http('identity').delete('/api/admin/delete-admin-user/second@example.com').set(bearer(admin));
    const started = Date.now();
    await eventually(async () => {
      const res = await products(second);
      expect([res.status, res.body.detail]).toEqual([401, 'Your session has ended. Please sign in again.']);
    }, 5000);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await products(admin)).status).toBe(200);
  });

  test('When a user signs out, Then the token is refused by another service within 5 seconds', async () => {
    const admin = await portal.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
    expect((await products(admin)).status).toBe(200);
    await portal.http('identity').post('/api/auth/logout').set(bearer(admin));
    await eventually(async () => expect((await products(admin)).status).toBe(401), 5000);
  });
});
