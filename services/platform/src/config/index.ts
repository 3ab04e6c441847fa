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
