import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { tooManyRequests } from '../http/errors';
import { RATE_LIMITS_TABLE } from './rate-limits-table';

/** One limit: at most `points` attempts per key within `windowSeconds`, refused with `detail` beyond that. */
export interface RateLimitRule {
  /** names the limit's rows in the shared table (`application-address`): unique within the service */
  name: string;
  points: number;
  windowSeconds: number;
  /** the 429's detail, for the person who met the limit */
  detail: string;
}

/** Where a key stands in its current window. */
export interface RateLimitCount {
  /** points spent in the window, this attempt's included (past `points` when over the limit) */
  consumed: number;
  /** whether the attempt is within the limit */
  allowed: boolean;
  /** until the window ends (or a block lifts), in ms */
  msBeforeReset: number;
}

export interface RateLimit {
  /**
   * Counts one attempt of `key` (an address, an email): refuses with 429, the rule's detail and Retry-After
   * once the window's attempts are spent. Checking and counting are one atomic statement, so concurrent
   * attempts on any replica never slip past the limit together.
   */
  consume(key: string): Promise<void>;
  /**
   * Counts one attempt like consume, but answers where the key stands instead of refusing: for callers that
   * decide themselves what an attempt over the limit gets (the sign-in throttle still checks a password there).
   * `windowSeconds` sets the length of a window this attempt opens (not of one already running).
   */
  take(key: string, opts?: { windowSeconds?: number }): Promise<RateLimitCount>;
  /** gives back `points` (default 1) taken by `take`/`consume`: an attempt that turned out not to count */
  reward(key: string, points?: number): Promise<void>;
  /** adds `points` (default 1) without refusing anything: counts what already happened */
  penalty(key: string, points?: number): Promise<RateLimitCount>;
  /** refuses every attempt of `key` for `seconds` from now (a fresh window that ends then) */
  block(key: string, seconds: number): Promise<void>;
  /** where the key stands, without counting; null when it has no live window */
  get(key: string): Promise<Omit<RateLimitCount, 'allowed'> | null>;
  /** forgets the key's window */
  release(key: string): Promise<void>;
}

export interface RateLimits {
  limit(rule: RateLimitRule): RateLimit;
  /** stops the sweep of ended windows (the service's onStop) */
  stop(): void;
}

const HOUR_MS = 3_600_000;

/**
 * Keys are stored as hashes: the limits need to recognise an address or an email again, never to read it, and
 * the table then holds no personal data (and no key longer than its column).
 */
const hashedKey = (key: string) => createHash('sha256').update(key).digest('base64url');

/**
 * Rate limits kept in PostgreSQL (rate-limiter-flexible's RateLimiterPostgres) in the service's own table
 * (rateLimitsTableUp in a migration), so every replica counts the same attempts. Ended windows are swept every
 * `sweepIntervalMs` (an hour after they ended, as the library does), by a timer stop() ends.
 */
export function createRateLimits(db: DataSource, opts: { table?: string; sweepIntervalMs?: number } = {}): RateLimits {
  const table = opts.table ?? RATE_LIMITS_TABLE;
  const names = new Set<string>();
  const sweep = setInterval(
    () => {
      db.query(`DELETE FROM ${table} WHERE expire < $1`, [Date.now() - HOUR_MS]).catch(() => {
        // a missed sweep only leaves ended rows for the next one
      });
    },
    opts.sweepIntervalMs ?? 5 * 60_000,
  );
  sweep.unref();
  return {
    limit(rule) {
      if (names.has(rule.name)) throw new Error(`rate limit ${rule.name} is declared twice`);
      names.add(rule.name);
      const limiter = new RateLimiterPostgres({
        storeClient: db,
        storeType: 'typeorm',
        tableName: table,
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: rule.name,
        points: rule.points,
        duration: rule.windowSeconds,
      });
      const countOf = (res: RateLimiterRes): RateLimitCount => ({
        consumed: res.consumedPoints,
        allowed: res.consumedPoints <= rule.points,
        msBeforeReset: Math.max(0, res.msBeforeNext),
      });
      /** the library rejects with its result when the limit is met, with an Error when the store failed */
      const resultOf = (err: unknown): RateLimiterRes => {
        if (err instanceof RateLimiterRes) return err;
        throw err;
      };
      return {
        async consume(key) {
          try {
            await limiter.consume(hashedKey(key));
          } catch (err) {
            const refused = resultOf(err);
            throw tooManyRequests(rule.detail, Math.max(1, Math.ceil(refused.msBeforeNext / 1000)));
          }
        },
        async take(key, opts = {}) {
          const options = opts.windowSeconds ? { customDuration: opts.windowSeconds } : {};
          const res = await limiter.consume(hashedKey(key), 1, options).catch(resultOf);
          return countOf(res);
        },
        async reward(key, points = 1) {
          // not the library's reward: on a window that ended meanwhile it would store a negative count (a credit)
          await db.query(`UPDATE ${table} SET points = GREATEST(points - $2, 0) WHERE key = $1 AND expire > $3`, [
            limiter.getKey(hashedKey(key)),
            points,
            Date.now(),
          ]);
        },
        async penalty(key, points = 1) {
          return countOf(await limiter.penalty(hashedKey(key), points));
        },
        async block(key, seconds) {
          await limiter.block(hashedKey(key), seconds);
        },
        async get(key) {
          const res = await limiter.get(hashedKey(key));
          return res ? { consumed: res.consumedPoints, msBeforeReset: Math.max(0, res.msBeforeNext) } : null;
        },
        async release(key) {
          await limiter.delete(hashedKey(key));
        },
      };
    },
    stop() {
      clearInterval(sweep);
    },
  };
}
