import { bearer, FIRST_ADMIN, startIdentity, type TestIdentity } from './support/identity';

let identity: TestIdentity;
let adminToken: string;

beforeAll(async () => {
  identity = await startIdentity('identity_staff');
  adminToken = await identity.signIn(FIRST_ADMIN.email, FIRST_ADMIN.password);
});

afterAll(async () => {
  await identity?.stop();
});

const createUser = (body: object, token = adminToken) =>
  identity.http().post('/api/admin/create-admin-user').set(bearer(token)).send(body);
const listUsers = (token = adminToken) => identity.http().get('/api/admin/users').set(bearer(token));
const deleteUser = (email: string, token = adminToken) =>
  identity
    .http()
    .delete(`/api/admin/delete-admin-user/${encodeURIComponent(email)}`)
    .set(bearer(token));

describe('Admin Users: create', () => {
  test('When an admin creates a delivery user, Then a temporary password is shown once and it signs the new user in', async () => {
    const res = await createUser({ email: 'Driver@Example.com', full_name: 'Dana Driver', role: 'delivery' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Admin user created successfully!',
      user: { email: 'driver@example.com', full_name: 'Dana Driver', role: 'delivery', created_by: FIRST_ADMIN.email },
    });
    const password: string = res.body.temporary_password;
    expect(password.length).toBeGreaterThanOrEqual(12);

    const login = await identity.http().post('/api/auth/login').send({ email: 'driver@example.com', password });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ role: 'delivery', full_name: 'Dana Driver' });

    const stored = await identity.userByEmail('driver@example.com');
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored?.password_hash).not.toContain(password);
  });

  test('When the role is left out, Then an admin is created; two creations never share a temporary password', async () => {
    const a = await createUser({ email: 'second.admin@example.com', full_name: 'Second Admin' });
    const b = await createUser({ email: 'third.admin@example.com', full_name: 'Third Admin', role: 'admin' });
    expect(a.body.user.role).toBe('admin');
    expect(b.body.user.role).toBe('admin');
    expect(a.body.temporary_password).not.toBe(b.body.temporary_password);
  });

  test('When email or full name is missing or blank, Then "Please fill in all required fields" and nothing is created', async () => {
    const before = (await listUsers()).body.users.length;
    for (const body of [{ full_name: 'No Email' }, { email: 'noname@example.com' }, { email: ' ', full_name: ' ' }]) {
      const res = await createUser(body);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('Error: Please fill in all required fields');
    }
    expect((await listUsers()).body.users.length).toBe(before);
  });

  test('When the email is malformed, the role unknown or the email taken, Then clear 4xx details', async () => {
    const malformed = await createUser({ email: 'not-an-email', full_name: 'X' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.detail).toMatch(/valid email/);
    const dealerRole = await createUser({ email: 'x@example.com', full_name: 'X', role: 'dealer' });
    expect(dealerRole.status).toBe(400);
    const taken = await createUser({ email: 'DRIVER@example.com', full_name: 'Again', role: 'admin' });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe('Error: A user with this email already exists');
  });
});

describe('Admin Users: list', () => {
  test('When an admin lists users, Then admins and delivery users appear with creator and date, dealer logins do not', async () => {
    await identity.addUser({
      email: 'dealer.login@example.com',
      password: 'dealer password',
      role: 'dealer',
      dealerId: 'D-1',
    });
    const res = await listUsers();
    expect(res.status).toBe(200);
    const emails = res.body.users.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([FIRST_ADMIN.email, 'driver@example.com']));
    expect(emails).not.toContain('dealer.login@example.com');
    const first = res.body.users[0];
    expect(first).toEqual({
      email: FIRST_ADMIN.email,
      full_name: 'Administrator',
      role: 'admin',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      created_by: 'system',
      mfa_enabled: false,
    });
  });
});

describe('Admin Users: delete', () => {
  test('When an admin deletes a delivery user, Then it is gone and can no longer sign in', async () => {
    const created = await createUser({ email: 'temp.driver@example.com', full_name: 'Temp', role: 'delivery' });
    const res = await deleteUser('temp.driver@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Admin user deleted successfully!' });
    const login = await identity
      .http()
      .post('/api/auth/login')
      .send({ email: 'temp.driver@example.com', password: created.body.temporary_password });
    expect(login.status).toBe(401);
  });

  test('When an admin tries to delete their own account, Then 400 and the account remains', async () => {
    const res = await deleteUser(FIRST_ADMIN.email);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Error: You cannot delete your own account');
    expect(await identity.userByEmail(FIRST_ADMIN.email)).not.toBeNull();
  });

  test('When the user is unknown or a dealer login, Then 404 and nothing is deleted', async () => {
    expect((await deleteUser('nobody@example.com')).status).toBe(404);
    const dealer = await deleteUser('dealer.login@example.com');
    expect(dealer.status).toBe(404);
    expect(dealer.body.detail).toBe('Error: Admin user not found');
    expect(await identity.userByEmail('dealer.login@example.com')).not.toBeNull();
  });

  test('When deleting would remove the last admin, Then 409 and one admin always remains', async () => {
    // two admins only: the others made above go first
    for (const email of ['second.admin@example.com', 'third.admin@example.com']) {
      expect((await deleteUser(email)).status).toBe(200);
    }
    // an admin token whose user is not among the admins (as a deleted admin's would be, before its
    // revocation reaches the service) must not be able to remove the last admin
    const res = await deleteUser(FIRST_ADMIN.email, identity.tokenFor('admin'));
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe('Error: The last admin cannot be deleted');
    const [admins] = await identity.service.ctx.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
    expect(admins.n).toBe(1);
  });
});
