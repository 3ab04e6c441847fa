import { endpoints, fillPath } from '@portal/contracts';
import { bearer, startIdentity, type TestIdentity } from './support/identity';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity('identity_authz');
});

afterAll(async () => {
  await identity?.stop();
});

/** The settings and staff-user endpoints that only admins may call. */
const ADMIN_ONLY = [
  'admin.users',
  'admin.createAdminUser',
  'admin.deleteAdminUser',
  'admin.companySettings',
  'admin.updateCompanySettings',
  'admin.systemConfiguration',
  'admin.saveSystemConfiguration',
  'admin.notificationSettings',
  'admin.emailSettings',
  'admin.saveEmailSettings',
  'admin.testEmail',
] as const;

function call(id: (typeof ADMIN_ONLY)[number], token?: string) {
  const e = endpoints[id];
  const path = fillPath(e.path, { email: 'someone@example.com' });
  const req = identity
    .http()
    [e.method === 'DELETE' ? 'delete' : (e.method.toLowerCase() as 'get' | 'post' | 'put')](path);
  return token ? req.set(bearer(token)) : req;
}

describe('Who may call the identity settings endpoints', () => {
  test.each(ADMIN_ONLY)('When %s is called without a token, Then the service itself answers 401', async (id) => {
    const res = await call(id);
    expect(res.status).toBe(401);
    expect(typeof res.body.detail).toBe('string');
  });

  test.each(ADMIN_ONLY)('When a dealer or a delivery user calls %s, Then 403 and nothing happens', async (id) => {
    for (const role of ['dealer', 'delivery'] as const) {
      const res = await call(id, identity.tokenFor(role));
      expect({ role, status: res.status }).toEqual({ role, status: 403 });
    }
  });

  test('When the public company settings are read without a token, Then they answer', async () => {
    expect((await identity.http().get('/api/public/company-settings')).status).toBe(200);
  });

  test('When a profile update comes without a token, Then 401', async () => {
    expect((await identity.http().post('/api/user/update-profile').send({})).status).toBe(401);
  });

  test('When a dealer or a delivery user sends a body to an admin endpoint, Then it is refused before validation', async () => {
    const res = await identity
      .http()
      .post('/api/admin/create-admin-user')
      .set(bearer(identity.tokenFor('delivery')))
      .send({ email: 'sneaky@example.com', full_name: 'Sneaky', role: 'admin' });
    expect(res.status).toBe(403);
    const users = await identity.service.ctx.db.query(`SELECT 1 FROM users WHERE email = 'sneaky@example.com'`);
    expect(users).toHaveLength(0);
  });
});
