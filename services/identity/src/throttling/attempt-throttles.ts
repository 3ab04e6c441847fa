import {
  type BackOffAttempt,
  type FailureBackOff,
  failureBackOff,
  type RateLimit,
  type RateLimits,
  tooManyRequests,
} from '@portal/platform';
import { toSeconds, waitPhrase } from './waiting-message';

const MINUTE = 60_000;
const WINDOW_SECONDS = 15 * 60;

/**
 * Throttles of the other endpoints a stranger (or a stolen session) could use to guess or to burn work, counted
 * in PostgreSQL (identity's rate_limits table) so they hold however many replicas run:
 * - `invitationTokens`: wrong invitation tokens per address (verify-invitation and complete-signup), a growing
 *   wait after 10 free failures;
 * - `currentPassword`: wrong current passwords per user in update-profile (a stolen token must not become
 *   a password oracle), a growing wait after 5 free failures;
 * - `testEmails`: every test mail per admin, 20 per 15 minutes (each opens a connection to a host the caller
 *   names);
 * - `invitationsByAdmin` / `invitationsByDealer`: every invitation sent, 200 per admin and 5 per dealer per
 *   15 minutes (each sends a real mail).
 * An attempt is counted before it is judged, in one atomic statement, so concurrent attempts cannot slip past.
 */
export interface AttemptThrottles {
  invitationTokens: FailureBackOff;
  currentPassword: FailureBackOff;
  testEmails: RateLimit;
  invitationsByAdmin: RateLimit;
  invitationsByDealer: RateLimit;
}

export function createAttemptThrottles(limits: RateLimits): AttemptThrottles {
  // the refusal's detail is countAttempt's: it says what to wait for and how long
  const everyAttempt = (name: string, points: number) =>
    limits.limit({ name, points, windowSeconds: WINDOW_SECONDS, detail: '' });
  return {
    invitationTokens: failureBackOff(limits, {
      name: 'invitation-token-address',
      freeFailures: 10,
      baseDelayMs: 1000,
      maxDelayMs: 5 * MINUTE,
      forgetAfterSeconds: 30 * 60,
    }),
    currentPassword: failureBackOff(limits, {
      name: 'current-password-user',
      freeFailures: 5,
      baseDelayMs: 1000,
      maxDelayMs: 15 * MINUTE,
      forgetAfterSeconds: 60 * 60,
    }),
    testEmails: everyAttempt('test-email-admin', 20),
    invitationsByAdmin: everyAttempt('invitation-admin', 200),
    invitationsByDealer: everyAttempt('invitation-dealer', 5),
  };
}

const waitRefusal = (what: string, waitMs: number) => {
  const seconds = toSeconds(waitMs);
  return tooManyRequests(`${what} Please wait ${waitPhrase(seconds)} and try again.`, seconds);
};

/**
 * Admits one attempt of `key` to be judged, or refuses with 429 (Retry-After and a detail saying what to wait
 * for) while the key must wait. The caller ends the attempt with failed() or succeeded().
 */
export async function admitAttempt(backOff: FailureBackOff, key: string, what: string): Promise<BackOffAttempt> {
  const admission = await backOff.begin(key);
  if (!admission.admitted) throw waitRefusal(what, admission.retryAfterMs);
  return admission.attempt;
}

/** Counts one attempt of `key`, or refuses with 429 (Retry-After and a clear detail) once the window is spent. */
export async function countAttempt(limit: RateLimit, key: string, what: string): Promise<void> {
  const count = await limit.take(key);
  if (!count.allowed) throw waitRefusal(what, count.msBeforeReset);
}
