import {
  type AttemptLimiter,
  createAttemptLimiter,
  createKeyedQueue,
  type KeyedQueue,
  tooManyRequests,
} from '@portal/platform';
import { toSeconds, waitPhrase } from './waiting-message';

const MINUTE = 60_000;

/**
 * Failed sign-ins are counted three ways, each for its own threat, and only failures count (a success
 * neither counts nor wipes a count; an attempt still in flight is no failure):
 * - per account+address pair: a growing back-off after a few free failures. This is what stops one
 *   client guessing one account, and it touches no one else: the admin signs in from the same address
 *   while a made-up account there is blocked.
 * - per address: a much higher ceiling (100 per 15 minutes by default), so one address cannot sweep many
 *   accounts, while a shared NAT or an ingress with many honest users is not locked out.
 * - per account: a bounded slow-down of every attempt (at most SIGN_IN_ACCOUNT_MAX_DELAY_MS), never a
 *   refusal, so guesses spread over many addresses are slowed but the real user, from a clean address,
 *   always gets in.
 * Attempts of one pair run one at a time, so a burst of guesses is judged one by one instead of all
 * passing the check while none has failed yet; concurrent valid sign-ins simply queue.
 */
export interface SignInThrottle {
  /**
   * Runs one sign-in attempt of `account` from `address`: refuses with 429 while the pair or the address
   * must wait, else runs `attempt`, which answers whether the credentials were wrong.
   */
  attempt<T>(account: string, address: string, attempt: () => Promise<{ failed: boolean; result: T }>): Promise<T>;
}

export function createSignInThrottle(opts: {
  freeFailures: number;
  addressMaxFailures: number;
  accountMaxDelayMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): SignInThrottle {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const pairs: AttemptLimiter = createAttemptLimiter({
    freeFailures: opts.freeFailures,
    baseDelayMs: 1000,
    maxDelayMs: 15 * MINUTE,
    forgetAfterMs: 60 * MINUTE,
    now,
  });
  const addresses = createAttemptLimiter({
    freeFailures: Number.POSITIVE_INFINITY,
    baseDelayMs: 0,
    maxDelayMs: 0,
    ceiling: { failures: opts.addressMaxFailures, windowMs: 15 * MINUTE },
    forgetAfterMs: 15 * MINUTE,
    now,
  });
  const accounts = createAttemptLimiter({
    freeFailures: 10,
    baseDelayMs: 250,
    maxDelayMs: opts.accountMaxDelayMs,
    forgetAfterMs: 15 * MINUTE,
    now,
  });
  const queue: KeyedQueue = createKeyedQueue({
    maxWaiting: 50,
    onFull: () => tooManyRequests('Too many sign-in attempts at once. Please wait a moment and try again.', 1),
  });

  return {
    attempt(account, address, attempt) {
      const pair = `${account}\u0000${address}`;
      return queue.run(pair, async () => {
        const waitMs = Math.max(pairs.retryAfterMs(pair), addresses.retryAfterMs(address));
        if (waitMs > 0) {
          const seconds = toSeconds(waitMs);
          throw tooManyRequests(
            `Too many failed sign-in attempts. Please wait ${waitPhrase(seconds)} and try again.`,
            seconds,
          );
        }
        const slowDown = Math.min(accounts.retryAfterMs(account), opts.accountMaxDelayMs);
        if (slowDown > 0) await sleep(slowDown);
        const { failed, result } = await attempt();
        if (failed) {
          pairs.recordFailure(pair);
          addresses.recordFailure(address);
          accounts.recordFailure(account);
        }
        return result;
      });
    },
  };
}
