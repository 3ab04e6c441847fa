import { MAINTENANCE_DETAIL } from '@portal/contracts';
import { serviceUnavailable, unauthorized } from '@portal/platform';
import type { IdentityContext } from '../../context';
import type { SessionClient } from '../../data/sessions';
import { isUnderMaintenance } from '../../data/settings';
import { findUserByEmail, recordSignIn, type UserRecord } from '../../data/users';
import { burnPasswordCheck, verifyPassword } from '../../domain/passwords';
import { type MfaChallengeIssued, secondFactorChallenge } from '../mfa/mfa-sign-in';
import { openSession } from './open-session';
import { type SessionUser, sessionUser } from './session-user';

export const WRONG_CREDENTIALS = 'Incorrect email or password';

export interface SignedIn {
  token: string;
  expiresIn: number;
  user: SessionUser;
}

/**
 * Signs a user in and opens a session. One message for every wrong credential, so the answer tells nothing
 * about which accounts exist; a wrong one counts against the throttle (see throttling/sign-in-throttle).
 * Under maintenance only admins may sign in.
 */
export async function signIn(
  ctx: IdentityContext,
  email: string,
  password: string,
  address: string,
  /** the request's User-Agent, shown in the user's sessions list */
  userAgent?: string,
): Promise<SignedIn | MfaChallengeIssued> {
  const user = await ctx.deps.signInThrottle.attempt(email, address, async () => {
    const found = await findUserByEmail(ctx.db.manager, email);
    const matches = found
      ? await verifyPassword(found.password_hash, password)
      : await burnPasswordCheck(password).then(() => false);
    return matches ? { failed: false, result: found } : { failed: true, result: null };
  });
  if (!user) throw unauthorized(WRONG_CREDENTIALS);
  if (!user.is_active) throw unauthorized('This account is not active. Please contact administration.');
  // checked after the password, so the answer tells a stranger nothing about the account
  if (user.role !== 'admin' && (await isUnderMaintenance(ctx.db.manager))) throw serviceUnavailable(MAINTENANCE_DETAIL);
  // a staff user with two-factor sign-in gets no session yet: login-mfa completes it (use-cases/mfa)
  const challenge = await secondFactorChallenge(ctx, user);
  if (challenge) return challenge;
  return startSignedInSession(ctx, user, { address, userAgent: userAgent ?? null });
}

/** Opens the session of a user who passed every step of sign-in: the password, and the code where one is asked. */
export async function startSignedInSession(
  ctx: IdentityContext,
  user: UserRecord,
  client?: SessionClient,
): Promise<SignedIn> {
  if (!user.is_active) throw unauthorized('This account is not active. Please contact administration.');
  const issued = await ctx.db.transaction(async (manager) => {
    await recordSignIn(manager, user.id);
    return openSession(ctx, manager, user, client);
  });
  return { token: issued.token, expiresIn: issued.expiresIn, user: sessionUser(user) };
}
