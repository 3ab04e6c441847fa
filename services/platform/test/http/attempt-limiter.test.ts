import { createAttemptLimiter, createKeyedQueue, createRateLimiter } from '../../src/http/attempt-limiter';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('createAttemptLimiter: back-off', () => {
  const options = (now: () => number) => ({
    freeFailures: 3,
    baseDelayMs: 1 * SECOND,
    maxDelayMs: 8 * SECOND,
    forgetAfterMs: 15 * MINUTE,
    now,
  });

  test('When a key fails no more than the free failures, Then it may try again at once', () => {
    const c = clock();
    const limiter = createAttemptLimiter(options(c.now));
    for (let i = 0; i < 3; i++) limiter.recordFailure('pair');
    expect(limiter.retryAfterMs('pair')).toBe(0);
  });

  test('When it keeps failing, Then the wait doubles with each failure up to the longest wait', () => {
    const c = clock();
    const limiter = createAttemptLimiter(options(c.now));
    for (let i = 0; i < 3; i++) limiter.recordFailure('pair');
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      limiter.recordFailure('pair');
      waits.push(limiter.retryAfterMs('pair'));
      c.advance(limiter.retryAfterMs('pair'));
      expect(limiter.retryAfterMs('pair')).toBe(0);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });

  test('When time passes during the wait, Then only the rest of it is answered', () => {
    const c = clock();
    const limiter = createAttemptLimiter(options(c.now));
    for (let i = 0; i < 5; i++) limiter.recordFailure('pair');
    expect(limiter.retryAfterMs('pair')).toBe(2000);
    c.advance(1500);
    expect(limiter.retryAfterMs('pair')).toBe(500);
  });

  test('When keys differ, Then the failures of one never hold back another', () => {
    const c = clock();
    const limiter = createAttemptLimiter(options(c.now));
    for (let i = 0; i < 10; i++) limiter.recordFailure('attacker');
    expect(limiter.retryAfterMs('attacker')).toBeGreaterThan(0);
    expect(limiter.retryAfterMs('someone else')).toBe(0);
  });

  test('When a key stays quiet for forgetAfterMs, Then its streak is forgotten; before that it is kept', () => {
    const c = clock();
    const limiter = createAttemptLimiter(options(c.now));
    for (let i = 0; i < 5; i++) limiter.recordFailure('pair');
    c.advance(15 * MINUTE - 1);
    expect(limiter.failures('pair')).toBe(5);
    c.advance(1);
    expect(limiter.failures('pair')).toBe(0);
    limiter.recordFailure('pair');
    expect(limiter.retryAfterMs('pair')).toBe(0);
  });

  test('When the streak grows very long, Then the wait stays at the longest wait (no overflow)', () => {
    const c = clock();
    const limiter = createAttemptLimiter(options(c.now));
    for (let i = 0; i < 5000; i++) limiter.recordFailure('pair');
    expect(limiter.retryAfterMs('pair')).toBe(8000);
  });
});

describe('createAttemptLimiter: ceiling', () => {
  const options = (now: () => number) => ({
    freeFailures: Number.POSITIVE_INFINITY,
    baseDelayMs: 0,
    maxDelayMs: 0,
    ceiling: { failures: 100, windowMs: 15 * MINUTE },
    forgetAfterMs: 15 * MINUTE,
    now,
  });

  test('When a key reaches the ceiling within the window, Then it waits for the window to end; below it, never', () => {
    const c = clock();
    const limiter = createAttemptLimiter(options(c.now));
    for (let i = 0; i < 99; i++) limiter.recordFailure('address');
    expect(limiter.retryAfterMs('address')).toBe(0);
    c.advance(5 * MINUTE);
    limiter.recordFailure('address');
    expect(limiter.retryAfterMs('address')).toBe(10 * MINUTE);
    c.advance(10 * MINUTE);
    expect(limiter.retryAfterMs('address')).toBe(0);
  });

  test('When a new window starts, Then the count starts again', () => {
    const c = clock();
    const limiter = createAttemptLimiter({ ...options(c.now), forgetAfterMs: 60 * MINUTE });
    for (let i = 0; i < 60; i++) limiter.recordFailure('address');
    c.advance(15 * MINUTE);
    for (let i = 0; i < 60; i++) limiter.recordFailure('address');
    expect(limiter.retryAfterMs('address')).toBe(0);
  });
});

describe('createRateLimiter', () => {
  test('When a client has asked as often as a window allows, Then it waits for the window to end; other clients do not', () => {
    const c = clock();
    const searches = createRateLimiter({ perWindow: 3, windowMs: MINUTE, now: c.now });
    for (let i = 0; i < 3; i++) {
      expect(searches.retryAfterMs('203.0.113.1')).toBe(0);
      searches.record('203.0.113.1');
    }
    c.advance(20_000);
    expect(searches.retryAfterMs('203.0.113.1')).toBe(40_000);
    expect(searches.retryAfterMs('203.0.113.2')).toBe(0);
    c.advance(40_000);
    expect(searches.retryAfterMs('203.0.113.1')).toBe(0);
  });
});

describe('createAttemptLimiter: memory', () => {
  test('When more keys fail than maxKeys, Then the least recently failed are forgotten and size stays bounded', () => {
    const c = clock();
    const limiter = createAttemptLimiter({
      freeFailures: 0,
      baseDelayMs: SECOND,
      maxDelayMs: SECOND,
      forgetAfterMs: MINUTE,
      maxKeys: 3,
      now: c.now,
    });
    for (const key of ['a', 'b', 'c']) limiter.recordFailure(key);
    limiter.recordFailure('a'); // a is now the most recent
    limiter.recordFailure('d');
    expect(limiter.size).toBe(3);
    expect(limiter.failures('b')).toBe(0);
    expect(limiter.failures('a')).toBe(2);
    expect(limiter.failures('d')).toBe(1);
  });
});

describe('createKeyedQueue', () => {
  const tooMany = () => new Error('too many at once');

  test('When tasks of one key arrive together, Then they run one at a time in order; other keys run alongside', async () => {
    const queue = createKeyedQueue({ maxWaiting: 10, onFull: tooMany });
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`end ${name}`);
      running -= 1;
      return name;
    };
    const results = await Promise.all([
      queue.run('k', task('1')),
      queue.run('k', task('2')),
      queue.run('k', task('3')),
    ]);
    expect(results).toEqual(['1', '2', '3']);
    expect(most).toBe(1);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);

    running = 0;
    most = 0;
    await Promise.all([queue.run('x', task('x')), queue.run('y', task('y'))]);
    expect(most).toBe(2);
    expect(queue.size).toBe(0);
  });

  test('When a task fails, Then the next one still runs', async () => {
    const queue = createKeyedQueue({ maxWaiting: 10, onFull: tooMany });
    const failed = queue.run('k', async () => {
      throw new Error('boom');
    });
    const next = queue.run('k', async () => 'ran');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });

  test('When more tasks wait than maxWaiting, Then the extra ones are refused at once', async () => {
    const queue = createKeyedQueue({ maxWaiting: 2, onFull: tooMany });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const accepted = [queue.run('k', () => gate), queue.run('k', async () => 1), queue.run('k', async () => 2)];
    await expect(queue.run('k', async () => 3)).rejects.toThrow('too many at once');
    release();
    await Promise.all(accepted);
    expect(queue.size).toBe(0);
  });
});
