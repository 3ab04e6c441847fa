import type { RateLimit, RateLimits } from '@portal/platform';

/** Codes one mfa_token may try; after them the token is void and the sign-in starts again. */
export const CODES_PER_MFA_TOKEN = 5;

/** Limits of the second step, counted in identity's rate_limits table with the others, so they hold across replicas. */
export interface MfaLimits {
  /** codes tried for one account (every mfa_token of it), per 15 minutes */
  codesPerAccount: RateLimit;
  /** current passwords tried to turn two-factor sign-in off, per user per 15 minutes */
  disablePasswords: RateLimit;
}

export function createMfaLimits(limits: RateLimits): MfaLimits {
  return {
    codesPerAccount: limits.limit({
      name: 'mfa-code-account',
      points: 10,
      windowSeconds: 15 * 60,
      detail: 'Too many two-factor codes for this account. Please wait 15 minutes, then sign in again.',
    }),
    disablePasswords: limits.limit({
      name: 'mfa-disable-password',
      points: 5,
      windowSeconds: 15 * 60,
      detail: 'Too many wrong current passwords. Please wait 15 minutes and try again.',
    }),
  };
}
