import { bearer, eventually, startIdentity, type TestIdentity } from './support/identity';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startIdentity('identity_profile');
});

afterAll(async () => {
  await identity?.stop();
});

const updateProfile = (token: string, body: object) =>
  identity.http().post('/api/user/update-profile').set(bearer(token)).send(body);
const signInStatus = async (email: string, password: string) =>
  (await identity.http().post('/api/auth/login').send({ email, password })).status;

describe('POST /api/user/update-profile', () => {
  test('When a dealer changes the name (email as it is, in any case), Then the updated session user comes back and no password is asked', async () => {
    await identity.addUser({
      email: 'dealer@example.com',
      password: 'dealer password',
      role: 'dealer',
      dealerId: 'D-7',
    });
    const token = await identity.signIn('dealer@example.com', 'dealer password');
    const res = await updateProfile(token, { full_name: '  Dale Dealer ', email: 'Dealer@Example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Profile updated successfully!',
      user: { email: 'dealer@example.com', full_name: 'Dale Dealer', role: 'dealer', dealer_id: 'D-7' },
    });
    expect(await signInStatus('dealer@example.com', 'dealer password')).toBe(200);
  });

  test('When a delivery user changes the password with the right current one, Then only the new one signs in, every earlier token ends and a fresh token comes back', async () => {
    await identity.addUser({ email: 'driver@example.com', password: 'old password 1', role: 'delivery' });
    const session = await identity.signIn('driver@example.com', 'old password 1');
    const otherSession = await identity.signIn('driver@example.com', 'old password 1');
    expect((await updateProfile(otherSession, { full_name: 'Dana', email: 'driver@example.com' })).status).toBe(200);
    const res = await updateProfile(session, {
      full_name: 'Dana Driver',
      email: 'driver@example.com',
      current_password: 'old password 1',
      new_password: 'new password 2',
      confirm_password: 'new password 2',
    });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toEqual(expect.any(String));
    expect(await signInStatus('driver@example.com', 'old password 1')).toBe(401);
    expect(await signInStatus('driver@example.com', 'new password 2')).toBe(200);
    const stored = await identity.userByEmail('driver@example.com');
    expect(stored?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // whoever held the old password (another session, and the caller's old token) is signed out
    for (const earlier of [otherSession, session]) {
      await eventually(async () => {
        const refused = await updateProfile(earlier, { full_name: 'Dana D.', email: 'driver@example.com' });
        expect([refused.status, refused.body.detail]).toEqual([401, 'Your session has ended. Please sign in again.']);
      });
    }
    // the caller goes on with the fresh token
    const again = await updateProfile(res.body.access_token, { full_name: 'Dana D.', email: 'driver@example.com' });
    expect(again.status).toBe(200);
    expect(again.body.user.full_name).toBe('Dana D.');
    expect(again.body.access_token).toBeUndefined();
  });

  test('When the current password is wrong or missing, Then 400 and the password is unchanged', async () => {
    await identity.addUser({ email: 'admin2@example.com', password: 'admin2 password', role: 'admin' });
    const token = await identity.signIn('admin2@example.com', 'admin2 password');
    const wrong = await updateProfile(token, {
      full_name: 'Admin Two',
      email: 'admin2@example.com',
      current_password: 'not my password',
      new_password: 'another password',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe('Error: Current password is incorrect');
    const missing = await updateProfile(token, {
      full_name: 'Admin Two',
      email: 'admin2@example.com',
      new_password: 'another password',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe('Error: Current password is required to set a new password');
    expect(await signInStatus('admin2@example.com', 'admin2 password')).toBe(200);
    expect(await signInStatus('admin2@example.com', 'another password')).toBe(401);
  });

  test('When the confirmation differs from the new password, Then "New passwords do not match"', async () => {
    const token = await identity.signIn('admin2@example.com', 'admin2 password');
    const res = await updateProfile(token, {
      full_name: 'Admin Two',
      email: 'admin2@example.com',
      current_password: 'admin2 password',
      new_password: 'new password 1',
      confirm_password: 'new password 9',
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('New passwords do not match');
  });

  test('When name or email is blank, the email malformed or the new password short, Then clear 400 details', async () => {
    const token = await identity.signIn('admin2@example.com', 'admin2 password');
    const blank = await updateProfile(token, { full_name: ' ', email: 'admin2@example.com' });
    expect(blank.body.detail).toBe('Error: Full name and email are required');
    const noEmail = await updateProfile(token, { full_name: 'Admin Two' });
    expect(noEmail.body.detail).toBe('Error: Full name and email are required');
    const malformed = await updateProfile(token, { full_name: 'Admin Two', email: 'admin2-at-example' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/valid email/);
    const short = await updateProfile(token, {
      full_name: 'Admin Two',
      email: 'admin2@example.com',
      current_password: 'admin2 password',
      new_password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body.detail).toBe('Error: Password must be at least 8 characters long');
  });

  test('When called without a token, Then 401; a token of a deleted account also 401', async () => {
    const none = await identity
      .http()
      .post('/api/user/update-profile')
      .send({ full_name: 'X', email: 'x@example.com' });
    expect(none.status).toBe(401);
    const ghost = await updateProfile(identity.tokenFor('delivery'), { full_name: 'X', email: 'ghost@example.com' });
    expect(ghost.status).toBe(401);
  });
});
