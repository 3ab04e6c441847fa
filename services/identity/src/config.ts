import { BaseConfig, PemKey } from '@portal/platform';
import { z } from 'zod';

/** 32 bytes, written as 64 hex digits or in base64: the AES-256-GCM key of stored secrets (the SMTP password). */
const EncryptionKey = z
  .string()
  .trim()
  .transform((value) => Buffer.from(value, /^[0-9a-f]{64}$/i.test(value) ? 'hex' : 'base64'))
  .refine((key) => key.length === 32, 'must be 32 bytes: 64 hex digits or 44 base64 characters');

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
});
export type IdentityConfig = z.infer<typeof IdentityConfig>;
