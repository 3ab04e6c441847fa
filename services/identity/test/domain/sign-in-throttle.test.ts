import { createSignInThrottle } from '../../src/throttling/sign-in-throttle';

function setup(opts: { freeFailures?: number; addressMaxFailures?: number; accountMaxDelayMs?: number } = {}) {
  let now = 1_000_000;
  const slept: number[] = [];
  const throttle = createSignInThrottle({
    freeFailures: opts.freeFailures ?? 5,
    addressMaxFailures: opts.addressMaxFailures ?? 100,
    accountMaxDelayMs: opts.accountMaxDelayMs ?? 2000,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
    },
  });
  const attempt = (account: string, address: string, failed: boolean) =>
    throttle.attempt(account, address, async () => ({ failed, result: failed ? 'wrong' : 'ok' }));
  return { attempt, slept, advance: (ms: number) => (now += ms) };
}

describe('createSignInThrottle', () => {
  test('When a pair fails past its free failures, Then it is refused with a growing wait; other pairs are not', async () => {
    const { attempt, advance } = setup();
    for (let i = 0; i < 6; i++) await attempt('a@example.com', '1.1.1.1', true);
    await expect(attempt('a@example.com', '1.1.1.1', false)).rejects.toMatchObject({
      status: 429,
      extra: { retry_after: 1 },
    });
    await expect(attempt('b@example.com', '1.1.1.1', false)).resolves.toBe('ok');
    await expect(attempt('a@example.com', '2.2.2.2', false)).resolves.toBe('ok');
    advance(1000);
    await attempt('a@example.com', '1.1.1.1', true);
    await expect(attempt('a@example.com', '1.1.1.1', false)).rejects.toMatchObject({ extra: { retry_after: 2 } });
  });

  test('When successes come between failures, Then they are not counted and do not reset the count', async () => {
    const { attempt } = setup();
    for (let i = 0; i < 3; i++) {
      await attempt('a@example.com', '1.1.1.1', true);
      await attempt('a@example.com', '1.1.1.1', false);
    }
    for (let i = 0; i < 3; i++) await attempt('a@example.com', '1.1.1.1', true);
    await expect(attempt('a@example.com', '1.1.1.1', false)).rejects.toMatchObject({ status: 429 });
  });

  test('When an account fails from many addresses, Then attempts are slowed by at most the bound, never refused', async () => {
    const { attempt, slept } = setup({ accountMaxDelayMs: 700 });
    for (let i = 0; i < 30; i++) await attempt('victim@example.com', `10.0.0.${i}`, true);
    await expect(attempt('victim@example.com', '10.9.9.9', false)).resolves.toBe('ok');
    expect(slept.length).toBeGreaterThan(0);
    expect(Math.max(...slept)).toBe(700);
  });

  test('When one address fails against many accounts up to its ceiling, Then it is refused for the rest of the window', async () => {
    const { attempt, advance } = setup({ addressMaxFailures: 10 });
    for (let i = 0; i < 10; i++) await attempt(`user${i}@example.com`, '3.3.3.3', true);
    await expect(attempt('admin@example.com', '3.3.3.3', false)).rejects.toMatchObject({ extra: { retry_after: 900 } });
    advance(15 * 60_000);
    await expect(attempt('admin@example.com', '3.3.3.3', false)).resolves.toBe('ok');
  });
});
