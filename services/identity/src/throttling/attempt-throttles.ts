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
 * Throttles of the other endpoints a stranger (or a stolen session) could use to guess or to burn work:
 * - `invitationTokens`: wrong invitation tokens per address (verify-invitation and complete-signup), the
 *   checks of one address judged one at a time;
 * - `currentPassword`: wrong current passwords per user in update-profile (a stolen token must not become
 *   a password oracle), attempts of one user judged one at a time;
 * - `testEmails`: every test mail per admin (each opens a connection to a host the caller names);
 * - `invitationsByAdmin` / `invitationsByDealer`: every invitation sent (each sends a real mail).
 */
export interface AttemptThrottles {
  invitationTokens: AttemptLimiter;
  /** token checks of one address run one at a time, so a burst is judged one by one */
  invitationTokenQueue: KeyedQueue;
  currentPassword: AttemptLimiter;
  currentPasswordQueue: KeyedQueue;
  testEmails: AttemptLimiter;
  invitationsByAdmin: AttemptLimiter;
  invitationsByDealer: AttemptLimiter;
}

export function createAttemptThrottles(now: () => number = Date.now): AttemptThrottles {
  return {
    invitationTokens: createAttemptLimiter({
      freeFailures: 10,
      baseDelayMs: 1000,
      maxDelayMs: 5 * MINUTE,
      ceiling: { failures: 100, windowMs: 15 * MINUTE },
      forgetAfterMs: 30 * MINUTE,
      now,
    }),
    invitationTokenQueue: createKeyedQueue({
      maxWaiting: 20,
      onFull: () => tooManyRequests('Too many invitation checks at once. Please wait a moment and try again.', 1),
    }),
    currentPassword: createAttemptLimiter({
      freeFailures: 5,
      baseDelayMs: 1000,
      maxDelayMs: 15 * MINUTE,
      forgetAfterMs: 60 * MINUTE,
      now,
    }),
    currentPasswordQueue: createKeyedQueue({
      maxWaiting: 10,
      onFull: () => tooManyRequests('Too many profile updates at once. Please wait a moment and try again.', 1),
    }),
    testEmails: createAttemptLimiter({
      freeFailures: Number.POSITIVE_INFINITY,
      baseDelayMs: 0,
      maxDelayMs: 0,
      ceiling: { failures: 20, windowMs: 15 * MINUTE },
      forgetAfterMs: 15 * MINUTE,
      now,
    }),
    invitationsByAdmin: createAttemptLimiter({
      freeFailures: Number.POSITIVE_INFINITY,
      baseDelayMs: 0,
      maxDelayMs: 0,
      ceiling: { failures: 200, windowMs: 15 * MINUTE },
      forgetAfterMs: 15 * MINUTE,
      now,
    }),
    invitationsByDealer: createAttemptLimiter({
      freeFailures: Number.POSITIVE_INFINITY,
      baseDelayMs: 0,
      maxDelayMs: 0,
      ceiling: { failures: 5, windowMs: 15 * MINUTE },
      forgetAfterMs: 15 * MINUTE,
      now,
    }),
  };
}

/** Refuses with 429 (Retry-After and a detail saying what to wait for) while `key` must wait. */
export function refuseWhileWaiting(limiter: AttemptLimiter, key: string, what: string): void {
  const waitMs = limiter.retryAfterMs(key);
  if (waitMs <= 0) return;
  const seconds = toSeconds(waitMs);
  throw tooManyRequests(`${what} Please wait ${waitPhrase(seconds)} and try again.`, seconds);
}
