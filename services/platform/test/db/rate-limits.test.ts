/**
 * The platform's rate limits (rate-limiter-flexible's RateLimiterPostgres in a service's own table): counted in
 * PostgreSQL, so two processes share one count, and check-and-count is atomic, so a burst cannot slip past.
 */
import {
  createRateLimits,
  type FailureBackOff,
  failureBackOff,
  HttpError,
  type RateLimits,
  rateLimitsTableUp,
} from '@portal/platform';
import { createTestDatabase, eventually, type TestDatabase } from '@portal/platform/testing';
import { DataSource } from 'typeorm';

let db: TestDatabase;
let replicaA: DataSource;
let replicaB: DataSource;
const running: RateLimits[] = [];

beforeAll(async () => {
  db = await createTestDatabase('ratelimits');
  replicaA = new DataSource({ type: 'postgres', url: db.url });
  replicaB = new DataSource({ type: 'postgres', url: db.url });
  await replicaA.initialize();
  await replicaB.initialize();
  for (const statement of rateLimitsTableUp()) await replicaA.query(statement);
});
afterAll(async () => {
  for (const limits of running) limits.stop();
  await replicaA?.destroy();
  await replicaB?.destroy();
  await db?.drop();
});

function limitsOf(dataSource: DataSource, sweepIntervalMs?: number): RateLimits {
  const limits = createRateLimits(dataSource, { sweepIntervalMs });
  running.push(limits);
  return limits;
}
const rule = (name: string, points = 3) => ({ name, points, windowSeconds: 600, detail: `Too many ${name}.` });

/** the outcome of one attempt: 'ok', or the refusal's status, detail and Retry-After */
async function attempt(consume: () => Promise<void>) {
  try {
    await consume();
    return 'ok';
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return { status: err.status, detail: err.detail, retryAfter: err.extra.retry_after };
  }
}

test('When two replicas count one key, Then the limit holds across them and refuses with 429, the detail and Retry-After', async () => {
  const a = limitsOf(replicaA).limit(rule('shared'));
  const b = limitsOf(replicaB).limit(rule('shared'));
  expect(await attempt(() => a.consume('198.51.100.1'))).toBe('ok');
  expect(await attempt(() => b.consume('198.51.100.1'))).toBe('ok');
  expect(await attempt(() => a.consume('198.51.100.1'))).toBe('ok');
  const refused = await attempt(() => b.consume('198.51.100.1'));
  expect(refused).toEqual({ status: 429, detail: 'Too many shared.', retryAfter: expect.any(Number) });
  expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(590);
  expect((refused as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(600);
  // another key, and the same key under another limit, have their own counts
  expect(await attempt(() => a.consume('198.51.100.2'))).toBe('ok');
  expect(await attempt(() => limitsOf(replicaA).limit(rule('other')).consume('198.51.100.1'))).toBe('ok');
});

test('When a burst arrives at once, Then exactly the allowed number pass', async () => {
  const a = limitsOf(replicaA).limit(rule('burst', 5));
  const b = limitsOf(replicaB).limit(rule('burst', 5));
  const outcomes = await Promise.all(
    Array.from({ length: 20 }, (_, i) => attempt(() => (i % 2 ? a : b).consume('burst@example.com'))),
  );
  expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(5);
});

test('When keys are counted, Then the table holds their hashes, never the address or email itself', async () => {
  await limitsOf(replicaA).limit(rule('private')).consume('secret.person@example.com');
  const rows: { key: string }[] = await replicaA.query(`SELECT key FROM rate_limits WHERE key LIKE 'private:%'`);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.key).not.toContain('secret');
});

test('When a limit is declared twice in one service, Then it is refused (two counts under one name would mix)', () => {
  const limits = limitsOf(replicaA);
  limits.limit(rule('twice'));
  expect(() => limits.limit(rule('twice'))).toThrow('rate limit twice is declared twice');
});

test('When windows ended over an hour ago, Then the sweep removes their rows and keeps live ones', async () => {
  await replicaA.query(`INSERT INTO rate_limits (key, points, expire) VALUES ('old:x', 9, $1), ('live:x', 1, $2)`, [
    Date.now() - 2 * 3_600_000,
    Date.now() + 600_000,
  ]);
  limitsOf(replicaA, 20);
  await eventually(async () => {
    const keys = (await replicaA.query(`SELECT key FROM rate_limits WHERE key IN ('old:x', 'live:x')`)).map(
      (row: { key: string }) => row.key,
    );
    expect(keys).toEqual(['live:x']);
  });
});

describe('Counting before judging (take, reward, penalty, block, get, release)', () => {
  test('When attempts are taken, Then each knows its number and whether it is within the limit, without a refusal', async () => {
    const limit = limitsOf(replicaA).limit(rule('take', 2));
    const counts = [await limit.take('k'), await limit.take('k'), await limit.take('k')];
    expect(counts.map(({ consumed, allowed }) => ({ consumed, allowed }))).toEqual([
      { consumed: 1, allowed: true },
      { consumed: 2, allowed: true },
      { consumed: 3, allowed: false },
    ]);
    expect(counts[2]?.msBeforeReset).toBeGreaterThan(590_000);
  });

  test('When a taken point is given back on another replica, Then the count drops there too, never below zero', async () => {
    const a = limitsOf(replicaA).limit(rule('reward', 2));
    const b = limitsOf(replicaB).limit(rule('reward', 2));
    await a.take('k');
    await a.take('k');
    await b.reward('k');
    expect((await a.get('k'))?.consumed).toBe(1);
    await b.reward('k', 5);
    expect((await a.get('k'))?.consumed).toBe(0);
    // a key with no live window gets no credit
    await b.reward('quiet');
    expect((await a.take('quiet')).consumed).toBe(1);
  });

  test('When a penalty is added, Then it counts without refusing; a block refuses until it ends; release forgets', async () => {
    const limit = limitsOf(replicaA).limit(rule('penalty', 3));
    expect(await limit.get('k')).toBeNull();
    expect((await limit.penalty('k', 5)).consumed).toBe(5);
    await limit.release('k');
    expect(await limit.get('k')).toBeNull();
    await limit.block('k', 0.3);
    expect((await limit.take('k')).allowed).toBe(false);
    await eventually(async () => expect((await limit.take('k')).allowed).toBe(true));
  });
});

describe('failureBackOff', () => {
  const backOffRule = (name: string) => ({
    name,
    freeFailures: 2,
    baseDelayMs: 300,
    maxDelayMs: 60_000,
    forgetAfterSeconds: 600,
  });
  const admitted = async (backOff: FailureBackOff, key: string) => {
    const admission = await backOff.begin(key);
    if (!admission.admitted) throw new Error(`refused for ${admission.retryAfterMs} ms`);
    return admission.attempt;
  };
  const waitOf = async (backOff: FailureBackOff, key: string) => {
    const admission = await backOff.begin(key);
    if (admission.admitted) throw new Error('admitted');
    return admission.retryAfterMs;
  };

  test('When a key keeps failing after its free failures, Then it waits, longer each time, on every replica', async () => {
    const a = failureBackOff(limitsOf(replicaA), backOffRule('grow'));
    const b = failureBackOff(limitsOf(replicaB), backOffRule('grow'));
    for (const backOff of [a, b, a]) await (await admitted(backOff, 'k')).failed();
    const first = await waitOf(b, 'k');
    expect(first).toBeGreaterThan(200);
    expect(first).toBeLessThanOrEqual(300);
    const attempt = await eventually(() => admitted(b, 'k'));
    await attempt.failed();
    expect(await waitOf(a, 'k')).toBeGreaterThan(400);
  });

  test('When a success comes between failures, Then it neither counts nor wipes the count', async () => {
    const backOff = failureBackOff(limitsOf(replicaA), backOffRule('success'));
    await (await admitted(backOff, 'k')).failed();
    await (await admitted(backOff, 'k')).succeeded();
    await (await admitted(backOff, 'k')).failed();
    await (await admitted(backOff, 'k')).failed(); // the third failure: the wait starts
    expect(await waitOf(backOff, 'k')).toBeGreaterThan(0);
  });

  test('When 10 attempts arrive at once on two replicas, Then only the free ones and one more are judged', async () => {
    const a = failureBackOff(limitsOf(replicaA), backOffRule('burst'));
    const b = failureBackOff(limitsOf(replicaB), backOffRule('burst'));
    const admissions = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).begin('k')));
    expect(admissions.filter((admission) => admission.admitted)).toHaveLength(3);
  });
});
