import { generateSecret, generateURI, verifySync } from 'otplib';

/** RFC 6238 as every authenticator app reads an otpauth URI without parameters: SHA-1, 6 digits, 30 s steps. */
export const TOTP_PERIOD_SECONDS = 30;

/** A new TOTP secret, base32 (20 random bytes: the RFC's SHA-1 key length). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URI an authenticator app scans (issuer: the company, label: the user's email). */
export function totpUri(secret: string, issuer: string, email: string): string {
  return generateURI({ issuer, label: email, secret });
}

export type TotpCheck = { valid: true; step: number } | { valid: false };

/**
 * Whether `code` is the secret's code at `at`, one step early or late (a phone's clock drifts), and of a later
 * step than the last accepted one: a code seen once cannot be replayed within its window. Answers the step
 * it matched, to be stored as the last used one.
 */
export function checkTotp(secret: string, code: string, at: Date, lastUsedStep: number | null): TotpCheck {
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(lastUsedStep === null ? {} : { afterTimeStep: lastUsedStep }),
  });
  // a TOTP verification always carries its step (the union type also covers HOTP's result, which has none)
  return result.valid && 'timeStep' in result ? { valid: true, step: result.timeStep } : { valid: false };
}
