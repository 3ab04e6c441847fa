import { createPublicKey } from 'node:crypto';
import { z } from 'zod';

/** Whether `value` parses as a PEM key (a private key parses too: its public half is derived). */
function isPemKey(value: string): boolean {
  if (!value.includes('-----BEGIN')) return false;
  try {
    createPublicKey(value);
    return true;
  } catch {
    return false;
  }
}

/** PEM keys often arrive through env files with their newlines escaped; a damaged key fails at boot, not later. */
const pem = z
  .string()
  .min(1)
  .transform((v) => v.replace(/\\n/g, '\n'))
  .refine(isPemKey, 'must be a PEM key');

/**
 * Express's `trust proxy` from TRUST_PROXY: 'false' (no proxy: X-Forwarded-For is ignored), 'true', a hop
 * count, or a comma-separated list of addresses/subnets/names ('loopback', 'uniquelocal', ...) of proxies
 * whose X-Forwarded-For is believed. The client address (`req.ip`) is read through it.
 */
export function TrustProxy(fallback: string) {
  return z
    .string()
    .trim()
    .default(fallback)
    .transform((v): boolean | number | string => {
      if (v === 'false' || v === '') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      return v;
    });
}

/** Configuration every service reads from its environment. Unknown variables are ignored. */
export const BaseConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  DATABASE_ADMIN_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  AMQP_URL: z.url({ protocol: /^amqps?$/ }).optional(),
  JWT_PUBLIC_KEY: pem,
  JWT_ISSUER: z.string().min(1).default('dealer-portal'),
  JWT_AUDIENCE: z.string().min(1).default('dealer-portal-api'),
  EVENT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(5),
  EVENT_RETRY_DELAY_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  /** how often the outbox relay looks for unsent events when no commit woke it (a commit that emits wakes it) */
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  /** publishes of one event the broker returns ("no queue is bound") before the relay parks it as unroutable */
  OUTBOX_UNROUTABLE_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(10),
  /** how long sent (and parked unroutable) outbox rows are kept before the cleanup deletes them */
  OUTBOX_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(168),
  /** how long a consumer remembers an applied event id (the idempotency guard); at least the outbox retention */
  PROCESSED_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /**
   * identity's base URL, e.g. http://identity:3000: every service but identity asks it for revoked sessions
   * (and the dealer service creates logins there). Required for every service but identity (checked at start).
   */
  IDENTITY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** how often the revoked sessions are fetched from identity: a revoked token dies within about this long */
  SESSION_SYNC_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** the proxies in front of the service (the gateway, on a private network by default) */
  TRUST_PROXY: TrustProxy('loopback, linklocal, uniquelocal'),
  /**
   * whether a starting process provisions its schema and runs its migrations (true), or leaves both to a
   * migration job and waits until the schema is up to date (false: the replicas of a release in Kubernetes)
   */
  DB_MIGRATE_ON_START: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** provision and migrate, then exit 0 (the migration job; `--migrate-only` on the command line does the same) */
  MIGRATE_ONLY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type BaseConfig = z.infer<typeof BaseConfig>;

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n  ${issues.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment with `schema`; throws a ConfigError naming every bad variable (fail fast). */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
}

export { pem as PemKey };
