import { HttpError } from '@portal/platform';
import { createSignInThrottle } from '../src/throttling/sign-in-throttle';

/**
 * The back-off of one account+address pair, on an injected clock: the wait it announces is exactly the wait
 * it keeps, without sleeping through it. (sign-in-throttle.test.ts covers the throttle through the service.)
 */
describe('The sign-in back-off of one account from one address', () => {
  let clock = 1_000_000;
  const throttle = createSignInThrottle({
    freeFailures: 5,
    addressMaxFailures: 100,
    accountMaxDelayMs: 0,
    now: () => clock,
  });
  const wrongPassword = () =>
    throttle.attempt('dealer@example.com', '203.0.113.1', async () => ({ failed: true, result: 401 }));
  const refusal = async () => {
    const error = await throttle
      .attempt('dealer@example.com', '203.0.113.1', async () => ({ failed: false, result: 200 }))
      .then(
        () => null,
        (err: unknown) => err,
      );
    if (!(error instanceof HttpError)) throw new Error(`expected a refusal, got ${String(error)}`);
    return { status: error.status, retryAfter: error.extra.retry_after, detail: error.detail };
  };

  test('When it keeps guessing after 5 free failures, Then it waits, longer each time, with Retry-After and a clear detail', async () => {
    for (let i = 0; i < 6; i++) expect(await wrongPassword()).toBe(401);
    expect(await refusal()).toEqual({
      status: 429,
      retryAfter: 1,
      detail: 'Too many failed sign-in attempts. Please wait 1 second and try again.',
    });
    clock += 999;
    expect((await refusal()).status).toBe(429); // the announced second is kept to the millisecond
    clock += 1;
    expect(await wrongPassword()).toBe(401);
    const second = await refusal();
    expect(second.status).toBe(429);
    expect(second.retryAfter).toBe(2);
  });
});
