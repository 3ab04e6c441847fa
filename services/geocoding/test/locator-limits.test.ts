import { ErrorBody } from '@portal/contracts';
import { createInProcessTransport, createLogger, type RunningService, startService } from '@portal/platform';
import { testRevocations } from '@portal/platform/testing';
import { geocodingService } from '../src/app';
import { startGeocoding, type TestGeocoding } from './support/geocoding';

/**
 * The public locator's limits per client address, counted in PostgreSQL (geocoding's rate_limits table): the
 * production overlay runs geocoding ×2, and a limit counted per process would let every client ask twice as often.
 */
const SEARCHES_PER_MINUTE = 4;
const LISTS_PER_MINUTE = 3;
const limits = {
  LOCATOR_SEARCHES_PER_MINUTE: String(SEARCHES_PER_MINUTE),
  LOCATOR_LISTS_PER_MINUTE: String(LISTS_PER_MINUTE),
};
let t: TestGeocoding;
let replica: RunningService;
let nextAddress = 1;
const newAddress = () => `203.0.113.${nextAddress++}`;

beforeAll(async () => {
  t = await startGeocoding('geocoding_limits', limits);
  const logger = createLogger('test', 'silent');
  // another process: its own bus, the same database and settings
  replica = await startService(
    geocodingService,
    { ...t.geo.env, ...limits },
    { transport: createInProcessTransport({ logger }), revocations: await testRevocations(), logger },
  );
}, 60_000);

afterAll(async () => {
  await replica?.stop();
  await t?.stop();
});

/** a request of one client on one of the two replicas (even: the first, odd: the other) */
const requestOn = (i: number, path: string, address: string) =>
  fetch(`${i % 2 ? replica.url : t.geo.service.url}${path}`, { headers: { 'X-Forwarded-For': address } }).then(
    async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() }),
  );

test.each([
  { what: 'searches', path: '/api/public/search-dealers?lat=30.27&lng=-97.74', allowed: SEARCHES_PER_MINUTE },
  { what: 'requests', path: '/api/public/dealer-locations', allowed: LISTS_PER_MINUTE },
])(
  'When a client spreads its $what over two replicas, Then the per-minute limit is met at the same count as on one',
  async (c) => {
    const address = newAddress();
    for (let i = 0; i < c.allowed; i++) expect((await requestOn(i, c.path, address)).status).toBe(200);
    for (const i of [c.allowed, c.allowed + 1]) {
      const refused = await requestOn(i, c.path, address);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
      expect(ErrorBody.parse(refused.body).detail).toMatch(
        new RegExp(`^Too many ${c.what}\\. Please try again in \\d+ seconds\\.$`),
      );
    }
    // another client is not held back
    expect((await requestOn(0, c.path, newAddress())).status).toBe(200);
  },
);

test('When searches of one client arrive at once on two replicas, Then exactly the allowed number are answered', async () => {
  const address = newAddress();
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) => requestOn(i, '/api/public/search-dealers?lat=30.27&lng=-97.74', address)),
  );
  expect(answers.filter((a) => a.status === 200)).toHaveLength(SEARCHES_PER_MINUTE);
});
