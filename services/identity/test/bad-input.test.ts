import { bearer, FIRST_ADMIN, startIdentity, type TestIdentity } from './support/identity';

/** Every text field of identity's write endpoints, with a NUL or a lone surrogate: 4xx with a detail, never 5xx. */
let identity: TestIdentity;
let admin: string;

beforeAll(async () => {
  identity = await startIdentity('identity_bad_input');
  admin = await identity.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
});

afterAll(async () => {
  await identity?.stop();
});

const smtp = {
  smtp_server: 'smtp.example.com',
  smtp_port: 587,
  smtp_username: 'mailer',
  smtp_password: 'secret pw',
  sender_name: 'Ridge',
  sender_email: 'orders@example.com',
  use_ssl: false,
};
const WRITES: [string, 'post' | 'put', string, Record<string, unknown>, boolean][] = [
  ['sign-in', 'post', '/api/auth/login', { email: 'owner@example.com', password: 'a password' }, false],
  [
    'update-profile',
    'post',
    '/api/user/update-profile',
    { full_name: 'Owner', email: FIRST_ADMIN.email, current_password: 'x', new_password: 'new password 1' },
    true,
  ],
  ['create-admin-user', 'post', '/api/admin/create-admin-user', { email: 'n@example.com', full_name: 'New' }, true],
  [
    'create-dealer-login',
    'post',
    '/api/admin/create-dealer-login/DBAD1',
    { email: 'd@example.com', password: 'long password', full_name: 'Dee' },
    true,
  ],
  [
    'update-dealer-login',
    'put',
    '/api/admin/update-dealer-login/DBAD1',
    { email: 'd@example.com', password: 'long password' },
    true,
  ],
  [
    'send-login-invitation',
    'post',
    '/api/admin/send-login-invitation/DBAD1',
    { email: 'd@example.com', business_name: 'Biz', full_name: 'Dee' },
    true,
  ],
  [
    'complete-signup',
    'post',
    '/api/dealer/complete-signup',
    { token: 'some token', password: 'long password', full_name: 'Dee', phone: '555' },
    false,
  ],
  [
    'company-settings',
    'put',
    '/api/admin/company-settings',
    {
      company_name: 'Ridge',
      email: 'c@example.com',
      business_type: 'Blinds',
      address: '1 Main',
      city: 'Town',
      zip_code: '12345',
    },
    true,
  ],
  ['email-settings', 'post', '/api/admin/email-settings', smtp, true],
  ['test-email', 'post', '/api/admin/test-email', { ...smtp, test_recipient: 't@example.com' }, true],
];

const cases = WRITES.flatMap(([name, method, path, body, auth]) =>
  Object.entries(body)
    .filter(([, value]) => typeof value === 'string')
    .flatMap(([field, value]) =>
      ['\u0000', '\ud800'].map((bad) => ({
        label: `${name} ${field} ${bad === '\u0000' ? 'NUL' : 'lone surrogate'}`,
        method,
        path,
        auth,
        body: { ...body, [field]: `${String(value).slice(0, 3)}${bad}${String(value).slice(3)}` },
      })),
    ),
);

describe('Unstorable characters in identity write endpoints', () => {
  test.each(cases)('When $label is sent, Then 4xx with a clear detail', async ({ method, path, auth, body }) => {
    const req = identity.http()[method](path);
    const res = await (auth ? req.set(bearer(admin)) : req).send(body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.detail).toBe('string');
    expect(res.body.detail.length).toBeGreaterThan(5);
  });

  test('When a zone name holds a NUL, Then 400 and the zones are unchanged', async () => {
    const res = await identity
      .http()
      .post('/api/admin/system-configuration')
      .set(bearer(admin))
      .send({ zones: ['East', 'We\u0000st'] });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/cannot be stored/);
  });
});
