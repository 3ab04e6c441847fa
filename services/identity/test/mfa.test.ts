import { generateSync } from 'otplib';
import { bearer, FIRST_ADMIN, startIdentity, type TestIdentity } from './support/identity';

/**
 * Two-factor sign-in of staff (issue 23) against the real PostgreSQL: TOTP codes are computed here for the
 * service's test clock, which each test moves a step (30 s) at a time.
 */
let identity: TestIdentity;
let now = new Date('2026-11-27T15:00:00.000Z');
const clock = () => now;
/** the next TOTP step: a code accepted once is refused again within its own step */
const nextStep = () => {
  now = new Date(now.getTime() + 30_000);
};
const codeNow = (secret: string) => generateSync({ secret, epoch: Math.floor(now.getTime() / 1000) });

let adminToken: string;

beforeAll(async () => {
  identity = await startIdentity('identity_mfa', {}, {}, { clock });
  adminToken = await identity.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
});

afterAll(async () => {
  await identity?.stop();
});

const post = (path: string, body: object = {}, token?: string) => {
  const req = identity.http().post(path);
  return (token ? req.set(bearer(token)) : req).send(body);
};
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const loginMfa = (mfa_token: string, code: string) => post('/api/auth/login-mfa', { mfa_token, code });

/** A new staff user with two-factor sign-in turned on through Profile's endpoints. */
async function staffWithMfa(email: string, role: 'admin' | 'delivery' = 'delivery') {
  const password = 'staff password 1';
  await identity.addUser({ email, password, role });
  const token = await identity.signIn(email, password);
  const setup = await post('/api/user/mfa/setup', {}, token);
  expect(setup.status).toBe(200);
  const enabled = await post('/api/user/mfa/enable', { code: codeNow(setup.body.secret) }, token);
  expect(enabled.status).toBe(200);
  nextStep();
  return {
    email,
    password,
    token,
    secret: setup.body.secret as string,
    recovery: enabled.body.recovery_codes as string[],
  };
}

async function challengeOf(email: string, password: string): Promise<string> {
  const res = await login(email, password);
  expect(res.status).toBe(200);
  expect(res.body.mfa_required).toBe(true);
  return res.body.mfa_token;
}

describe('Turning two-factor sign-in on', () => {
  test('When a delivery user sets it up, Then the secret and otpauth URL come back; a first code turns it on with ten recovery codes', async () => {
    await identity.addUser({ email: 'driver@example.com', password: 'driver password', role: 'delivery' });
    const token = await identity.signIn('driver@example.com', 'driver password');
    const setup = await post('/api/user/mfa/setup', {}, token);
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_url).toBe(
      `otpauth://totp/Dealer%20Portal:driver%40example.com?secret=${setup.body.secret}&issuer=Dealer%20Portal`,
    );
    // a second setup replaces the unconfirmed secret: only the new one confirms
    const again = await post('/api/user/mfa/setup', {}, token);
    const stale = await post('/api/user/mfa/enable', { code: codeNow(setup.body.secret) }, token);
    expect([stale.status, stale.body.detail]).toEqual([
      400,
      'Error: The code is not right. Enter the current 6-digit code from your authenticator app.',
    ]);
    const enabled = await post('/api/user/mfa/enable', { code: codeNow(again.body.secret) }, token);
    expect(enabled.status).toBe(200);
    expect(enabled.body.recovery_codes).toHaveLength(10);
    expect(new Set(enabled.body.recovery_codes).size).toBe(10);
    for (const code of enabled.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const stored = await identity.service.ctx.db.query('SELECT secret_sealed FROM user_mfa');
    expect(JSON.stringify(stored)).not.toContain(again.body.secret);

    const already = await post('/api/user/mfa/setup', {}, token);
    expect([already.status, already.body.detail]).toEqual([
      409,
      'Error: Two-factor sign-in is already on. Turn it off first to set it up again.',
    ]);
  });

  test('When enable comes without a setup, Then 400; a dealer gets 403 on setup', async () => {
    await identity.addUser({ email: 'nosetup@example.com', password: 'staff password 1', role: 'admin' });
    const token = await identity.signIn('nosetup@example.com', 'staff password 1');
    const res = await post('/api/user/mfa/enable', { code: '123456' }, token);
    expect([res.status, res.body.detail]).toEqual([400, 'Error: Start the two-factor set-up first']);
    expect((await post('/api/user/mfa/setup', {}, identity.tokenFor('dealer'))).status).toBe(403);
  });
});

describe('Signing in with a second factor', () => {
  test('When the password is right and two-factor is on, Then a challenge without a token comes back; a current code signs in once', async () => {
    const user = await staffWithMfa('second@example.com', 'admin');
    const first = await login(user.email, user.password);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      mfa_required: true,
      mfa_token: expect.any(String),
      mfa_enrollment_required: false,
    });
    expect(first.body.access_token).toBeUndefined();
    // the mfa_token is no access token anywhere
    const asBearer = await post('/api/user/mfa/setup', {}, first.body.mfa_token);
    expect(asBearer.status).toBe(401);

    const code = codeNow(user.secret);
    const done = await loginMfa(first.body.mfa_token, code);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      success: true,
      token_type: 'bearer',
      access_token: expect.any(String),
      user: { email: user.email, role: 'admin' },
    });
    expect(done.body.recovery_codes).toBeUndefined();
    expect((await post('/api/user/mfa/setup', {}, done.body.access_token)).status).toBe(409);
    // the token is used up, and the same code cannot serve a second sign-in in its window
    expect((await loginMfa(first.body.mfa_token, code)).status).toBe(401);
    const replay = await loginMfa(await challengeOf(user.email, user.password), code);
    expect(replay.status).toBe(401);
  });

  test('When the code is one step late or early it is accepted, two steps off it is refused', async () => {
    const user = await staffWithMfa('skew@example.com');
    const late = codeNow(user.secret);
    nextStep();
    expect((await loginMfa(await challengeOf(user.email, user.password), late)).status).toBe(200);
    nextStep();
    const tooOld = generateSync({ secret: user.secret, epoch: Math.floor(now.getTime() / 1000) - 60 });
    expect((await loginMfa(await challengeOf(user.email, user.password), tooOld)).status).toBe(401);
    const early = generateSync({ secret: user.secret, epoch: Math.floor(now.getTime() / 1000) + 30 });
    expect((await loginMfa(await challengeOf(user.email, user.password), early)).status).toBe(200);
  });

  test('When a recovery code is used, Then it signs in once (however it is typed) and never again', async () => {
    const user = await staffWithMfa('recovery@example.com');
    const recovery = user.recovery[3] as string;
    const typed = ` ${recovery.replace(/-/g, '').toUpperCase()} `;
    const res = await loginMfa(await challengeOf(user.email, user.password), typed);
    expect(res.status).toBe(200);
    expect(res.body.access_token).toEqual(expect.any(String));
    const again = await loginMfa(await challengeOf(user.email, user.password), recovery);
    expect(again.status).toBe(401);
    expect((await loginMfa(await challengeOf(user.email, user.password), user.recovery[4] as string)).status).toBe(200);
  });

  test('When five wrong codes are tried, Then the mfa_token is void; more wrong codes for the account get 429', async () => {
    const user = await staffWithMfa('guessed@example.com');
    const mfaToken = await challengeOf(user.email, user.password);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await loginMfa(mfaToken, '000000');
      expect(wrong.status).toBe(401);
    }
    const voided = await loginMfa(mfaToken, codeNow(user.secret));
    expect([voided.status, voided.body.detail]).toEqual([401, 'Your sign-in has expired. Please sign in again.']);

    const second = await challengeOf(user.email, user.password);
    for (let i = 0; i < 5; i += 1) expect((await loginMfa(second, '111111')).status).toBe(401);
    const limited = await loginMfa(await challengeOf(user.email, user.password), codeNow(user.secret));
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe(
      'Too many two-factor codes for this account. Please wait 15 minutes, then sign in again.',
    );
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
  });

  test('When more than five minutes pass after the password step, Then the mfa_token has expired', async () => {
    const user = await staffWithMfa('slow@example.com');
    const mfaToken = await challengeOf(user.email, user.password);
    now = new Date(now.getTime() + 5 * 60_000 + 1000);
    expect((await loginMfa(mfaToken, codeNow(user.secret))).status).toBe(401);
  });
});

describe('Turning it off', () => {
  test('When the user turns it off, Then the current password is required and the password alone signs in again', async () => {
    const user = await staffWithMfa('off@example.com');
    const wrong = await post('/api/user/mfa/disable', { current_password: 'not it at all' }, user.token);
    expect([wrong.status, wrong.body.detail]).toEqual([400, 'Error: Current password is incorrect']);
    expect((await login(user.email, user.password)).body.mfa_required).toBe(true);
    const off = await post('/api/user/mfa/disable', { current_password: user.password }, user.token);
    expect(off.status).toBe(200);
    const plain = await login(user.email, user.password);
    expect(plain.body.access_token).toEqual(expect.any(String));
    expect(plain.body.mfa_required).toBeUndefined();
  });

  test('When an admin resets another staff user, Then their two-factor is off and their sessions end; their own or a dealer is refused', async () => {
    const user = await staffWithMfa('lostphone@example.com');
    const list = await identity.http().get('/api/admin/users').set(bearer(adminToken));
    const listed = list.body.users.find((row: { email: string }) => row.email === user.email);
    expect(listed.mfa_enabled).toBe(true);
    const status = await identity.http().get('/api/user/mfa').set(bearer(user.token));
    expect(status.body).toEqual({ success: true, enabled: true, required: false });

    const res = await post(`/api/admin/reset-user-mfa/${user.email}`, {}, adminToken);
    expect(res.status).toBe(200);
    expect((await post('/api/user/mfa/setup', {}, user.token)).status).toBe(401);
    const fresh = await identity.signIn(user.email, user.password);
    expect((await identity.http().get('/api/user/mfa').set(bearer(fresh))).body.enabled).toBe(false);
    const again = await post(`/api/admin/reset-user-mfa/${user.email}`, {}, adminToken);
    expect([again.status, again.body.detail]).toEqual([409, 'Error: This user has no two-factor sign-in']);

    const own = await post(`/api/admin/reset-user-mfa/${FIRST_ADMIN.email}`, {}, adminToken);
    expect(own.status).toBe(400);
    await identity.addUser({
      email: 'dealer@example.com',
      password: 'dealer password',
      role: 'dealer',
      dealerId: 'D-1',
    });
    expect((await post('/api/admin/reset-user-mfa/dealer@example.com', {}, adminToken)).status).toBe(404);
    expect((await post(`/api/admin/reset-user-mfa/${user.email}`, {}, user.token)).status).toBe(401);
  });
});

describe('Required for admins', () => {
  test('When the company requires it, Then an admin without it enrols while signing in; delivery users are not asked', async () => {
    await identity.addUser({ email: 'newadmin@example.com', password: 'admin password 1', role: 'admin' });
    await identity.addUser({ email: 'van@example.com', password: 'van password 1', role: 'delivery' });
    const saved = await post('/api/admin/system-configuration', { require_admin_mfa: true }, adminToken);
    expect(saved.status).toBe(200);
    expect(saved.body.configuration.require_admin_mfa).toBe(true);
    try {
      const first = await login('newadmin@example.com', 'admin password 1');
      expect(first.body).toEqual({
        success: true,
        mfa_required: true,
        mfa_token: expect.any(String),
        mfa_enrollment_required: true,
      });
      expect((await login('van@example.com', 'van password 1')).body.access_token).toEqual(expect.any(String));

      const setup = await post('/api/auth/login-mfa-setup', { mfa_token: first.body.mfa_token });
      expect(setup.status).toBe(200);
      expect(setup.body.otpauth_url).toContain('newadmin%40example.com');
      const done = await loginMfa(first.body.mfa_token, codeNow(setup.body.secret));
      expect(done.status).toBe(200);
      expect(done.body.access_token).toEqual(expect.any(String));
      expect(done.body.recovery_codes).toHaveLength(10);
      nextStep();
      // from now on it is a plain second step, and it cannot be turned off while required
      const next = await login('newadmin@example.com', 'admin password 1');
      expect(next.body.mfa_enrollment_required).toBe(false);
      expect((await post('/api/auth/login-mfa-setup', { mfa_token: next.body.mfa_token })).status).toBe(409);
      const off = await post('/api/user/mfa/disable', { current_password: 'admin password 1' }, done.body.access_token);
      expect(off.status).toBe(409);
    } finally {
      await post('/api/admin/system-configuration', { require_admin_mfa: false }, adminToken);
    }
  });
});
