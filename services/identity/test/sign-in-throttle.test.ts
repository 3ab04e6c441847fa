import { FIRST_ADMIN, startIdentity, type TestIdentity } from './support/identity';
import { type IdentityReplica, startIdentityReplica } from './support/identity-replica';

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
  // an attempt in flight counts as a failure until its password proves right: past the free failures, one
  // attempt of a pair is judged at a time, which is what keeps a burst of guesses to the free ones
  test('When 5 valid sign-ins of one account arrive at once from one address, Then all 5 get 200 and none counts afterwards', async () => {
    const address = newAddress();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => signIn('dealer@example.com', 'dealer password', address)),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill(200));
    // the five were given back: five failures are still free, the sixth starts the wait
    await failTimes(6, 'dealer@example.com', address);
    expect((await signIn('dealer@example.com', 'dealer password', address)).status).toBe(429);
  });

  // that the wait grows with each further failure is shown in services/platform/test/db/rate-limits.test.ts
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

describe('The per-address ceiling, counted in PostgreSQL for every replica', () => {
  const CEILING = 10;
  let capped: TestIdentity;
  let replica: IdentityReplica;
  let nextCappedAddress = 1;
  const cappedAddress = () => `198.51.100.${nextCappedAddress++}`;
  let nextMadeUp = 1;
  const madeUpEmail = () => `nobody${nextMadeUp++}@example.com`;

  beforeAll(async () => {
    capped = await startIdentity('identity_throttle_addr', { SIGN_IN_ADDRESS_MAX_FAILURES: String(CEILING) });
    replica = await startIdentityReplica(capped);
    await capped.addUser({
      email: 'nat.dealer@example.com',
      password: 'dealer password',
      role: 'dealer',
      dealerId: 'D2',
    });
  });
  afterAll(async () => {
    await replica?.stop();
    await capped?.stop();
  });

  /** a sign-in on one of the two replicas (0: the first, 1: the other) */
  const signInOn = (on: number, email: string, password: string, address: string) =>
    (on % 2 ? replica : capped)
      .http()
      .post('/api/auth/login')
      .set('x-forwarded-for', address)
      .send({ email, password });
  const spendCeiling = async (address: string) => {
    for (let i = 0; i < CEILING; i++) expect((await signInOn(i, madeUpEmail(), 'guess', address)).status).toBe(401);
  };

  test('When failures from one address are spread over two replicas, Then the ceiling is met at the same count as on one', async () => {
    const address = cappedAddress();
    await spendCeiling(address);
    for (const on of [0, 1]) {
      const refused = await signInOn(on, madeUpEmail(), 'guess', address);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800);
      expect(refused.body.detail).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    }
  });

  test('When made-up emails spent the address ceiling, Then the admin and a dealer still sign in from it; a wrong guess gets 429', async () => {
    const address = cappedAddress();
    await spendCeiling(address);
    expect((await signInOn(0, FIRST_ADMIN.email, FIRST_ADMIN.password, address)).status).toBe(200);
    expect((await signInOn(1, 'nat.dealer@example.com', 'dealer password', address)).status).toBe(200);
    // a wrong password gets the same answer as the ceiling, so it tells the guesser nothing
    const wrong = await signInOn(0, 'nat.dealer@example.com', 'wrong password', address);
    expect(wrong.status).toBe(429);
    expect(wrong.body.detail).toBe('Too many failed sign-in attempts. Please wait 15 minutes and try again.');
  });

  test('When an account is guessed at from an address over its ceiling, Then after 2 wrong guesses that account waits there too, and nowhere else', async () => {
    await capped.addUser({ email: 'sprayed@example.com', password: 'sprayed password', role: 'delivery' });
    const address = cappedAddress();
    await spendCeiling(address);
    for (const on of [0, 1]) expect((await signInOn(on, 'sprayed@example.com', 'guess', address)).status).toBe(429);
    // the pair's own allowance over the ceiling is spent: even its correct password waits at this address ...
    expect((await signInOn(0, 'sprayed@example.com', 'sprayed password', address)).status).toBe(429);
    // ... while the account signs in from elsewhere and the admin from here
    expect((await signInOn(1, 'sprayed@example.com', 'sprayed password', cappedAddress())).status).toBe(200);
    expect((await signInOn(1, FIRST_ADMIN.email, FIRST_ADMIN.password, address)).status).toBe(200);
  });

  test('When 40 wrong sign-ins from one address arrive at once on two replicas, Then no more than the ceiling are answered 401', async () => {
    const address = cappedAddress();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signInOn(i, madeUpEmail(), 'guess', address)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(CEILING);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - CEILING);
  });

  test('When one account is guessed at from one address on two replicas, Then its back-off starts after the same 5 free failures', async () => {
    const address = cappedAddress();
    for (let i = 0; i < 6; i++)
      expect((await signInOn(i, 'nat.dealer@example.com', 'guess', address)).status).toBe(401);
    const refused = await signInOn(0, 'nat.dealer@example.com', 'dealer password', address);
    expect([refused.status, refused.headers['retry-after']]).toEqual([429, '1']);
  });
});
