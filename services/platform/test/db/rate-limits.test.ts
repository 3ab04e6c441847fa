/**
 * The platform's rate limits (rate-limiter-flexible's RateLimiterPostgres in a service's own table): counted in
 * PostgreSQL, so two processes share one count, and check-and-count is atomic, so a burst cannot slip past.
 */
import { createRateLimits, HttpError, type RateLimits, rateLimitsTableUp } from '@portal/platform';
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
