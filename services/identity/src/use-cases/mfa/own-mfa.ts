import { type AuthUser, badRequest, conflict, unauthorized } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { deleteMfa, enableMfa, findMfa, storePendingMfa } from '../../data/mfa';
import { readSystemConfiguration } from '../../data/settings';
import { findUserById } from '../../data/users';
import { readSecondFactorCode } from '../../domain/mfa/second-factor-code';
import { checkTotp, newTotpSecret } from '../../domain/mfa/totp';
import { verifyPassword } from '../../domain/passwords';
import { issueRecoveryCodes, MFA_ALREADY_ON, openTotpSecret, otpauthUrl, sealTotpSecret } from './mfa-secrets';

export interface MfaSetup {
  secret: string;
  otpauthUrl: string;
}

const WRONG_CODE = 'Error: The code is not right. Enter the current 6-digit code from your authenticator app.';

/**
 * A new pending TOTP secret for a staff user (replacing an unconfirmed one): not active until a first code
 * confirms it. Refused while two-factor sign-in is on. Shared by Profile and the enrolment during sign-in.
 */
export async function newPendingSecret(ctx: IdentityContext, userId: string, email: string): Promise<MfaSetup> {
  const secret = newTotpSecret();
  const sealed = sealTotpSecret(ctx, userId, secret);
  return ctx.db.transaction(async (manager) => {
    if (!(await storePendingMfa(manager, userId, sealed))) throw conflict(MFA_ALREADY_ON);
    return { secret, otpauthUrl: await otpauthUrl(manager, secret, email) };
  });
}

/**
 * Confirms the pending secret with a current code and turns two-factor sign-in on; answers the ten recovery
 * codes (shown once, stored hashed). Without a pending secret: 400.
 */
export async function confirmPendingSecret(ctx: IdentityContext, userId: string, typed: string): Promise<string[]> {
  return ctx.db.transaction(async (manager) => {
    const stored = await findMfa(manager, userId, true);
    if (!stored) throw badRequest('Error: Start the two-factor set-up first');
    if (stored.enabled_at) throw conflict(MFA_ALREADY_ON);
    const code = readSecondFactorCode(typed);
    if (code.kind !== 'totp') throw badRequest(WRONG_CODE);
    const secret = openTotpSecret(ctx, userId, stored.secret_sealed);
    const check = checkTotp(secret, code.code, ctx.deps.clock(), null);
    if (!check.valid) throw badRequest(WRONG_CODE);
    const recovery = issueRecoveryCodes();
    await enableMfa(manager, userId, check.step, recovery.hashes);
    return recovery.codes;
  });
}

/** POST /api/user/mfa/setup for the caller. */
export async function startOwnMfaSetup(ctx: IdentityContext, caller: AuthUser): Promise<MfaSetup> {
  const me = await findUserById(ctx.db.manager, caller.sub);
  if (!me) throw unauthorized('Your account no longer exists. Please sign in again.');
  return newPendingSecret(ctx, me.id, me.email);
}

/** POST /api/user/mfa/enable for the caller. */
export async function enableOwnMfa(ctx: IdentityContext, caller: AuthUser, code: string): Promise<string[]> {
  const codes = await confirmPendingSecret(ctx, caller.sub, code);
  ctx.logger.info({ by: caller.email }, 'two-factor sign-in turned on');
  return codes;
}

/**
 * Turns the caller's two-factor sign-in off with the current password (tries are limited per user: a stolen
 * token must not become a password oracle). While the company requires it of admins, an admin cannot.
 */
export async function disableOwnMfa(ctx: IdentityContext, caller: AuthUser, currentPassword: string): Promise<void> {
  await ctx.deps.mfaLimits.disablePasswords.consume(caller.sub);
  const me = await findUserById(ctx.db.manager, caller.sub);
  if (!me) throw unauthorized('Your account no longer exists. Please sign in again.');
  if (!(await verifyPassword(me.password_hash, currentPassword))) {
    throw badRequest('Error: Current password is incorrect');
  }
  if (me.role === 'admin' && (await readSystemConfiguration(ctx.db.manager)).require_admin_mfa) {
    throw conflict('Error: The company requires two-factor sign-in for admins, so it cannot be turned off');
  }
  const removed = await ctx.db.transaction((manager) => deleteMfa(manager, me.id));
  if (!removed) throw conflict('Error: Two-factor sign-in is not on');
  ctx.logger.info({ by: caller.email }, 'two-factor sign-in turned off');
}

/** GET /api/user/mfa: whether the caller's two-factor sign-in is on, and whether the company requires it of them. */
export async function ownMfaStatus(
  ctx: IdentityContext,
  caller: AuthUser,
): Promise<{ enabled: boolean; required: boolean }> {
  const stored = await findMfa(ctx.db.manager, caller.sub);
  const required = caller.role === 'admin' && (await readSystemConfiguration(ctx.db.manager)).require_admin_mfa;
  return { enabled: Boolean(stored?.enabled_at), required };
}
