import { FIRST_ADMIN, startIdentity, type TestIdentity } from './support/identity';

/**
 * Sign-in throttling against the real service. Each test signs in from its own client address: the
 * requests come from loopback, a trusted proxy, so X-Forwarded-For names the client (req.ip).
 */
let identity: TestIdentity;
let nextAddress = 1;
const newAddress = () => `203.0.113.${nextAddress++}`;

beforeAll(async () => {
  identity = await startIdentity('identity_throttle', { SIGN_IN_ACCOUNT_MAX_DELAY_MS: '300' });
  await identity.addUser({ email: 'dealer@example.com', password: 'dealer password', role: 'dealer', dealerId: 'D1' });
});

afterAll(async () => {
  await identity?.stop();
});

const signIn = (email: string, password: string, address: string) =>
  identity.http().post('/api/auth/login').set('x-forwarded-for', address).send({ email, password });

async function failTimes(n: number, email: string, address: string) {
  for (let i = 0; i < n; i++) expect((await signIn(email, 'wrong password', address)).status).toBe(401);
}

describe('Sign-in throttling', () => {
  test('When 15 valid sign-ins of one account arrive at once from one address, Then all 15 get 200 (in-flight ones are not failures)', async () => {
    const address = newAddress();
    const results = await Promise.all(
      Array.from({ length: 15 }, () => signIn('dealer@example.com', 'dealer password', address)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(15).fill(200));
  });

  // that the wait grows with each further failure is shown on a clock in sign-in-back-off.test.ts
  test('When one address keeps guessing one account, Then after 5 free failures it waits, with Retry-After and a clear detail', async () => {
    const address = newAddress();
    await failTimes(6, 'dealer@example.com', address);
    const first = await signIn('dealer@example.com', 'dealer password', address);
    expect(first.status).toBe(429);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.body.detail).toBe('Too many failed sign-in attempts. Please wait 1 second and try again.');
    // another address is not held back by this one's guesses
    expect((await signIn('dealer@example.com', 'dealer password', newAddress())).status).toBe(200);
  });

  test('When 20 wrong guesses of one account arrive at once from one address, Then they are judged one by one: only the free ones are answered 401', async () => {
    const address = newAddress();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => signIn('dealer@example.com', 'wrong password', address)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
  });

  test('When a sign-in succeeds between failures, Then it neither counts nor wipes the count', async () => {
    const address = newAddress();
    await failTimes(4, 'dealer@example.com', address);
    expect((await signIn('dealer@example.com', 'dealer password', address)).status).toBe(200);
    await failTimes(2, 'dealer@example.com', address);
    // 6 failures in all: had the success wiped the count, 2 failures would not be throttled
    expect((await signIn('dealer@example.com', 'dealer password', address)).status).toBe(429);
  });

  test('When someone typed 20 wrong passwords for a made-up account from an address, Then the admin still signs in from it', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signIn('nobody@example.com', 'guess', address)).status);
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(401));
    expect(statuses).toContain(429);
    expect((await signIn(FIRST_ADMIN.email, FIRST_ADMIN.password, address)).status).toBe(200);
  });

  test('When an account is guessed at from many addresses, Then it is slowed down but the real user from a clean address gets in', async () => {
    await identity.addUser({ email: 'target@example.com', password: 'target password', role: 'delivery' });
    for (let i = 0; i < 14; i++) {
      expect((await signIn('target@example.com', 'wrong password', newAddress())).status).toBe(401);
    }
    const started = Date.now();
    const res = await signIn('target@example.com', 'target password', newAddress());
    expect(res.status).toBe(200);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(250); // slowed down (past 10 failures of the account) ...
    expect(took).toBeLessThan(3000); // ... by a bounded delay, never refused
  });
});

describe('The per-address ceiling', () => {
  test('When one address fails against many accounts up to the ceiling, Then it waits even for a correct sign-in; other addresses do not', async () => {
    const capped = await startIdentity('identity_throttle_addr', { SIGN_IN_ADDRESS_MAX_FAILURES: '10' });
    try {
      const signInCapped = (email: string, password: string, address: string) =>
        capped.http().post('/api/auth/login').set('x-forwarded-for', address).send({ email, password });
      const address = '198.51.100.7';
      for (let i = 0; i < 10; i++) {
        expect((await signInCapped(`user${i}@example.com`, 'guess', address)).status).toBe(401);
      }
      const refused = await signInCapped(FIRST_ADMIN.email, FIRST_ADMIN.password, address);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      expect(refused.body.detail).toMatch(
        /^Too many failed sign-in attempts\. Please wait 15 minutes and try again\.$/,
      );
      expect((await signInCapped(FIRST_ADMIN.email, FIRST_ADMIN.password, '198.51.100.8')).status).toBe(200);
    } finally {
      await capped.stop();
    }
  });
});
