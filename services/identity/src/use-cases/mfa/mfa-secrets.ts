import { conflict, HttpError, hashOpaqueToken } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import { readCompanySettings } from '../../data/settings';
import { newRecoveryCodes } from '../../domain/mfa/recovery-codes';
import { totpUri } from '../../domain/mfa/totp';
import { createSecretBox } from '../../domain/settings/secret-box';

/** What authenticator apps show above the code when the company has no name yet. */
const DEFAULT_ISSUER = 'Dealer Portal';

export const MFA_ALREADY_ON = 'Error: Two-factor sign-in is already on. Turn it off first to set it up again.';

/** The purpose a user's TOTP secret is sealed for: bound to the user, so a sealed secret cannot be moved to another. */
const purpose = (userId: string) => `mfa.totp_secret:${userId}`;

function secretBox(ctx: IdentityContext) {
  const key = ctx.config.SETTINGS_ENCRYPTION_KEY;
  if (!key) {
    throw new HttpError(
      503,
      'Error: Two-factor sign-in cannot be set up because the server has no SETTINGS_ENCRYPTION_KEY. Please ask the operator to set it.',
    );
  }
  return createSecretBox(key);
}

/** A TOTP secret sealed for storage, the way the SMTP password is (AES-256-GCM with SETTINGS_ENCRYPTION_KEY). */
export function sealTotpSecret(ctx: IdentityContext, userId: string, secret: string): string {
  return secretBox(ctx).seal(secret, purpose(userId));
}

export function openTotpSecret(ctx: IdentityContext, userId: string, sealed: string): string {
  try {
    return secretBox(ctx).open(sealed, purpose(userId));
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // sealed under another key: the user cannot pass the second step until an admin resets it
    throw conflict(
      'Error: The two-factor secret cannot be read with the current SETTINGS_ENCRYPTION_KEY. Ask an admin to reset your two-factor sign-in.',
    );
  }
}

/** The `otpauth://` URI of a secret: issuer the company name, label the user's email. */
export async function otpauthUrl(manager: EntityManager, secret: string, email: string): Promise<string> {
  const company = (await readCompanySettings(manager)).company_name.trim();
  return totpUri(secret, company || DEFAULT_ISSUER, email);
}

/** Ten new recovery codes, as shown once, and their hashes, as stored. */
export function issueRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = newRecoveryCodes();
  // hashed in their normal form (no dashes), the form a typed code is looked up by
  return { codes, hashes: codes.map((code) => hashOpaqueToken(code.replace(/-/g, ''))) };
}
