import type { RateLimits } from './rate-limits';

/** A growing wait after a few free failures of one key, counted in PostgreSQL (every replica sees the same). */
export interface BackOffRule {
  /** names the back-off's rows (`sign-in-pair`): unique within the service */
  name: string;
  /** failures allowed before the waits start */
  freeFailures: number;
  /** the wait after the first failure past the free ones; it doubles with each further failure */
  baseDelayMs: number;
  /** the longest wait */
  maxDelayMs: number;
  /** failures are counted in a window of this length from the first one, then forgotten */
  forgetAfterSeconds: number;
}

/** One admitted attempt: it must end with exactly one of these. */
export interface BackOffAttempt {
  /** the attempt was a failure: it counts, and past the free failures starts the next wait */
  failed(): Promise<void>;
  /** the attempt succeeded (or was never judged): it does not count, and does not wipe earlier failures */
  succeeded(): Promise<void>;
}

export type BackOffAdmission = { admitted: true; attempt: BackOffAttempt } | { admitted: false; retryAfterMs: number };

export interface FailureBackOff {
  /**
   * Admits one attempt of `key`, or answers how long it must wait. The attempt is counted as a failure at once
   * (atomically, in one statement) and given back when it succeeds, so attempts in flight at the same time on
   * any replica are judged as if one came after the other: past the free failures, only one at a time is judged.
   */
  begin(key: string): Promise<BackOffAdmission>;
}

/**
 * How long a judged attempt past the free failures holds the key: the others wait that long at most, even when
 * the process judging it dies. Far longer than a password check.
 */
const JUDGING_SECONDS = 5;

/**
 * Two counts per key: its failures (in-flight attempts included) and a gate that admits one attempt at a time
 * past the free failures. A failure past them closes the gate for the wait (base × 2^(n − free − 1), at most
 * max); a success opens it again.
 */
export function failureBackOff(limits: RateLimits, rule: BackOffRule): FailureBackOff {
  const failures = limits.limit({
    name: `${rule.name}-failures`,
    points: Number.MAX_SAFE_INTEGER,
    windowSeconds: rule.forgetAfterSeconds,
    detail: '',
  });
  const gate = limits.limit({ name: `${rule.name}-gate`, points: 1, windowSeconds: JUDGING_SECONDS, detail: '' });
  const waitAfter = (failure: number) => {
    const paid = failure - rule.freeFailures;
    // 2^paid overflows to Infinity for a long streak; min() keeps it at the longest wait
    return paid > 0 ? Math.min(rule.baseDelayMs * 2 ** (paid - 1), rule.maxDelayMs) : 0;
  };

  return {
    async begin(key) {
      const { consumed: failure } = await failures.take(key);
      const gated = failure > rule.freeFailures;
      if (gated) {
        const passage = await gate.take(key);
        if (!passage.allowed) {
          await failures.reward(key);
          return { admitted: false, retryAfterMs: Math.max(1, passage.msBeforeReset) };
        }
      }
      return {
        admitted: true,
        attempt: {
          async failed() {
            const wait = waitAfter(failure);
            if (wait > 0) await gate.block(key, wait / 1000);
            else if (gated) await gate.release(key);
          },
          async succeeded() {
            await failures.reward(key);
            if (gated) await gate.release(key);
          },
        },
      };
    },
  };
}
