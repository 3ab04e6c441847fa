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

export interface RateLimit {
  /**
   * Counts one attempt of `key` (an address, an email): refuses with 429, the rule's detail and Retry-After
   * once the window's attempts are spent. Checking and counting are one atomic statement, so concurrent
   * attempts on any replica never slip past the limit together.
   */
  consume(key: string): Promise<void>;
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
      return {
        async consume(key) {
          try {
            await limiter.consume(hashedKey(key));
          } catch (err) {
            // the library rejects with its result when the limit is met, with an Error when the store failed
            if (!(err instanceof RateLimiterRes)) throw err;
            throw tooManyRequests(rule.detail, Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
          }
        },
      };
    },
    stop() {
      clearInterval(sweep);
    },
  };
}
