import { BaseConfig, PemKey } from '@portal/platform';
import { z } from 'zod';

/** 32 bytes, written as 64 hex digits or in base64: the AES-256-GCM key of stored secrets (the SMTP password). */
const EncryptionKey = z
  .string()
  .trim()
  .transform((value) => Buffer.from(value, /^[0-9a-f]{64}$/i.test(value) ? 'hex' : 'base64'))
  .refine((key) => key.length === 32, 'must be 32 bytes: 64 hex digits or 44 base64 characters');

/** another service's base URL inside the network, e.g. http://order:3000 */
const ServiceUrl = z.url({ protocol: /^https?$/ });

export const IdentityConfig = BaseConfig.extend({
  JWT_PRIVATE_KEY: PemKey,
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(28800),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  PUBLIC_BASE_URL: z.url().default('http://localhost:8080'),
  /** optional: without it the portal runs, but an SMTP password cannot be saved (see domain/settings/secret-box) */
  SETTINGS_ENCRYPTION_KEY: EncryptionKey.optional(),
  /** failed sign-ins of one account from one address that cost nothing; after them each waits twice as long */
  SIGN_IN_FREE_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  /** failed sign-ins from one address (any accounts) per 15 minutes before it is slowed, never locked out */
  SIGN_IN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).max(100_000).default(100),
  /** the longest an account under attack slows each sign-in down (never refused: see throttling/sign-in-throttle) */
  SIGN_IN_ACCOUNT_MAX_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  /** how long a dealer login may wait for identity to hear of its dealer before the reconcile step deletes it */
  LOGIN_AWAITING_DEALER_GRACE_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(15),
  /** how often identity deletes expired sessions and logins whose dealer never came */
  IDENTITY_HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /**
   * The services the daily report and the weekly performance summary ask for their figures (internal
   * endpoints, never routed by the gateway). Without them the portal runs, but those two mails are not sent.
   */
  ORDER_URL: ServiceUrl.optional(),
  DEALER_URL: ServiceUrl.optional(),
  INCENTIVE_URL: ServiceUrl.optional(),
});
export type IdentityConfig = z.infer<typeof IdentityConfig>;
