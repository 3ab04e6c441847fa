import { type AuthUser, badRequest, conflict, isUniqueViolation, unauthorized } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { revokeUserSessions } from '../../data/sessions';
import { emailTaken, findUserById, updateUser } from '../../data/users';
import { hashPassword, verifyPassword } from '../../domain/passwords';
import { refuseWhileWaiting } from '../../throttling/attempt-throttles';
import { openSession } from '../auth/open-session';
import { type SessionUser, sessionUser } from '../auth/session-user';

const EMAIL_TAKEN = 'Error: This email is already used by another account';
const WRONG_CURRENT_PASSWORD = 'Error: Current password is incorrect';

export interface ProfileChanges {
  full_name: string;
  email: string;
  current_password?: string;
  new_password?: string;
}

export interface UpdatedProfile {
  user: SessionUser;
  /** after a password change: the caller's new token (the old one, like every other session, has ended) */
  accessToken?: string;
}

/**
 * The caller's own name, email and, with the current password, password. A password change ends every
 * session of the user, the caller's too, and opens a new one for the caller. Wrong current passwords are
 * throttled per user (a stolen token must not become a password oracle); attempts of one user are judged
 * one at a time. The current password is checked before the new one is hashed.
 */
export async function saveOwnProfile(
  ctx: IdentityContext,
  caller: AuthUser,
  changes: ProfileChanges,
): Promise<UpdatedProfile> {
  const newPassword = changes.new_password;
  if (newPassword === undefined) return saveProfile(ctx, caller, changes, undefined);
  const throttles = ctx.deps.attemptThrottles;
  return throttles.currentPasswordQueue.run(caller.sub, async () => {
    refuseWhileWaiting(throttles.currentPassword, caller.sub, 'Too many wrong current passwords.');
    const me = await findUserById(ctx.db.manager, caller.sub);
    if (!me) throw unauthorized('Your account no longer exists. Please sign in again.');
    if (!(await verifyPassword(me.password_hash, changes.current_password ?? ''))) {
      throttles.currentPassword.recordFailure(caller.sub);
      throw badRequest(WRONG_CURRENT_PASSWORD);
    }
    const newHash = await hashPassword(newPassword);
    const saved = await saveProfile(ctx, caller, changes, { newHash, checkedHash: me.password_hash });
    await ctx.sessions.sync();
    return saved;
  });
}

async function saveProfile(
  ctx: IdentityContext,
  caller: AuthUser,
  changes: ProfileChanges,
  password: { newHash: string; checkedHash: string } | undefined,
): Promise<UpdatedProfile> {
  try {
    return await ctx.db.transaction(async (manager) => {
      const me = await findUserById(manager, caller.sub, true);
      if (!me) throw unauthorized('Your account no longer exists. Please sign in again.');
      // the password changed between the check and this lock: the check no longer holds
      if (password && me.password_hash !== password.checkedHash) throw badRequest(WRONG_CURRENT_PASSWORD);
      if (await emailTaken(manager, changes.email, me.id)) throw conflict(EMAIL_TAKEN);
      const user = await updateUser(manager, me.id, {
        full_name: changes.full_name,
        email: changes.email,
        password_hash: password?.newHash,
      });
      let accessToken: string | undefined;
      if (password) {
        await revokeUserSessions(manager, [me.id]);
        accessToken = (await openSession(ctx, manager, user)).token;
      }
      ctx.logger.info({ user: user.id, passwordChanged: Boolean(password) }, 'profile updated');
      return {
        user: sessionUser(user),
        accessToken,
      };
    });
  } catch (err) {
    throw isUniqueViolation(err) ? conflict(EMAIL_TAKEN) : err;
  }
}
