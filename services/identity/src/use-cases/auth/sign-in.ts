import { MAINTENANCE_DETAIL } from '@portal/contracts';
import { serviceUnavailable, unauthorized } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { isUnderMaintenance } from '../../data/settings';
import { findUserByEmail, recordSignIn } from '../../data/users';
import { burnPasswordCheck, verifyPassword } from '../../domain/passwords';
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
): Promise<SignedIn> {
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
  const issued = await ctx.db.transaction(async (manager) => {
    await recordSignIn(manager, user.id);
    return openSession(ctx, manager, user);
  });
  return { token: issued.token, expiresIn: issued.expiresIn, user: sessionUser(user) };
}
