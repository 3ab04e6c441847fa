/**
 * Failed attempts per key (an account, a client address, an account+address pair), with a growing back-off
 * and a ceiling per window. Only failures are recorded: a success neither counts nor wipes the count, so
 * holding one valid login does not buy endless guesses at another, and an attempt still in flight is not a
 * failure. Memory is bounded: keys are forgotten once quiet for `forgetAfterMs`, and past `maxKeys` the key
 * that failed least recently goes first. Local to the process (each replica counts separately).
 */
export interface AttemptLimiterOptions {
  /** failures allowed before the back-off starts (Infinity: no back-off, only the ceiling) */
  freeFailures: number;
  /** the wait after the first failure past the free ones; it doubles with each further failure */
  baseDelayMs: number;
  /** the longest back-off wait */
  maxDelayMs: number;
  /** at most `failures` failures per key in a fixed window of `windowMs`; past it the key waits for the window's end */
  ceiling?: { failures: number; windowMs: number };
  /** a key without a failure for this long is forgotten (and its back-off with it) */
  forgetAfterMs: number;
  /** the most keys remembered (default 100,000) */
  maxKeys?: number;
  /** the clock, in milliseconds (tests inject one) */
  now?: () => number;
}

interface KeyFailures {
  /** failures since the key was last forgotten: drives the back-off */
  streak: number;
  lastFailureAt: number;
  windowStart: number;
  /** failures in the ceiling's current window */
  inWindow: number;
}

export interface AttemptLimiter {
  /** how long the key must wait before its next attempt, in ms; 0 when it may try now */
  retryAfterMs(key: string): number;
  /** records one failed attempt of the key */
  recordFailure(key: string): void;
  /** the key's failures in its current streak (0 once forgotten) */
  failures(key: string): number;
  /** how many keys are remembered */
  readonly size: number;
}

const DEFAULT_MAX_KEYS = 100_000;

export function createAttemptLimiter(opts: AttemptLimiterOptions): AttemptLimiter {
  const now = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? DEFAULT_MAX_KEYS;
  if (opts.ceiling && opts.ceiling.failures < 1) throw new Error('the ceiling must allow at least one failure');
  // insertion order = order of last failure: the first key is the one that failed least recently
  const keys = new Map<string, KeyFailures>();

  /** The key's record, or undefined when it never failed or has been quiet long enough to be forgotten. */
  function current(key: string, at: number): KeyFailures | undefined {
    const entry = keys.get(key);
    if (entry && at - entry.lastFailureAt >= opts.forgetAfterMs) {
      keys.delete(key);
      return undefined;
    }
    return entry;
  }

  function backOffUntil(entry: KeyFailures): number {
    const paid = entry.streak - opts.freeFailures;
    if (!(paid > 0)) return 0;
    // 2^paid overflows to Infinity for a long streak; min() keeps it at the ceiling
    const wait = Math.min(opts.baseDelayMs * 2 ** (paid - 1), opts.maxDelayMs);
    return entry.lastFailureAt + wait;
  }

  function ceilingUntil(entry: KeyFailures, at: number): number {
    const ceiling = opts.ceiling;
    if (!ceiling || at - entry.windowStart >= ceiling.windowMs) return 0;
    return entry.inWindow >= ceiling.failures ? entry.windowStart + ceiling.windowMs : 0;
  }

  return {
    retryAfterMs(key) {
      const at = now();
      const entry = current(key, at);
      if (!entry) return 0;
      return Math.max(0, backOffUntil(entry) - at, ceilingUntil(entry, at) - at);
    },

    recordFailure(key) {
      const at = now();
      const entry = current(key, at) ?? { streak: 0, lastFailureAt: at, windowStart: at, inWindow: 0 };
      if (opts.ceiling && at - entry.windowStart >= opts.ceiling.windowMs) {
        entry.windowStart = at;
        entry.inWindow = 0;
      }
      entry.streak += 1;
      entry.inWindow += 1;
      entry.lastFailureAt = at;
      keys.delete(key);
      keys.set(key, entry);
      while (keys.size > maxKeys) {
        const oldest = keys.keys().next().value;
        if (oldest === undefined) break;
        keys.delete(oldest);
      }
    },

    failures(key) {
      return current(key, now())?.streak ?? 0;
    },

    get size() {
      return keys.size;
    },
  };
}

/**
 * At most `perWindow` requests per key (a client address) in a fixed window: every request counts, not only
 * failed ones. The attempt limiter with no back-off, so one clock and one bounded memory serve both.
 */
export interface RateLimiter {
  /** how long the key must wait before its next request, in ms; 0 when it may ask now */
  retryAfterMs(key: string): number;
  /** counts one request of the key */
  record(key: string): void;
}

export function createRateLimiter(opts: { perWindow: number; windowMs: number; now?: () => number }): RateLimiter {
  const attempts = createAttemptLimiter({
    freeFailures: Number.POSITIVE_INFINITY,
    baseDelayMs: 0,
    maxDelayMs: 0,
    ceiling: { failures: opts.perWindow, windowMs: opts.windowMs },
    forgetAfterMs: opts.windowMs,
    ...(opts.now ? { now: opts.now } : {}),
  });
  return { retryAfterMs: (key) => attempts.retryAfterMs(key), record: (key) => attempts.recordFailure(key) };
}

/**
 * Runs tasks one at a time per key, in arrival order; different keys run in parallel. Sign-ins of one
 * account from one address go through it, so a burst of guesses is judged one by one against the limiter
 * (each sees the failures before it) instead of all passing the check while none has failed yet. Waiting
 * tasks per key are bounded: past `maxWaiting` a task is refused with `onFull`'s error.
 */
export interface KeyedQueue {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** keys with a task running or waiting */
  readonly size: number;
}

export function createKeyedQueue(opts: { maxWaiting: number; onFull: () => Error }): KeyedQueue {
  const tails = new Map<string, { tail: Promise<unknown>; length: number }>();
  return {
    run(key, task) {
      const queue = tails.get(key) ?? { tail: Promise.resolve(), length: 0 };
      if (queue.length > opts.maxWaiting) return Promise.reject(opts.onFull());
      queue.length += 1;
      const result = queue.tail.then(task);
      const settled = result.then(
        () => undefined,
        () => undefined,
      );
      queue.tail = settled;
      tails.set(key, queue);
      void settled.then(() => {
        queue.length -= 1;
        if (queue.length === 0 && tails.get(key) === queue) tails.delete(key);
      });
      return result;
    },
    get size() {
      return tails.size;
    },
  };
}
