/**
 * The table a service's rate limits share (rate-limiter-flexible's RateLimiterPostgres layout: one row per
 * limit and key, the points spent and when the window ends in ms since the epoch). Created by the service's own
 * migration, so no process runs DDL when it starts; every replica counts in the same rows, which is what makes
 * a limit hold across replicas.
 */
export const RATE_LIMITS_TABLE = 'rate_limits';

export function rateLimitsTableUp(table = RATE_LIMITS_TABLE): string[] {
  return [
    `CREATE TABLE ${table} (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`,
    // the sweep of ended windows reads this index
    `CREATE INDEX ${table}_expire_idx ON ${table} (expire)`,
  ];
}

export function rateLimitsTableDown(table = RATE_LIMITS_TABLE): string[] {
  return [`DROP TABLE ${table}`];
}
