import { type AuthUser, badRequest, unauthorized } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { revokeSession, revokeUserSessions, type SessionClient } from '../../data/sessions';
import { findUserById, updateUser } from '../../data/users';
import { hashPassword, verifyPassword } from '../../domain/passwords';
import { admitAttempt } from '../../throttling/attempt-throttles';
import { assertPasswordAcceptable } from '../auth/chosen-password';
import { openSession } from '../auth/open-session';
import { type SessionUser, sessionUser } from '../auth/session-user';
import { type EmailChangeMails, prepareEmailChange, sendEmailChangeMails } from './email-change';

const WRONG_CURRENT_PASSWORD = 'Error: Current password is incorrect';
const CURRENT_PASSWORD_FOR_EMAIL = 'Error: Current password is required to change the email';

export interface ProfileChanges {
  full_name: string;
  email: string;
  current_password?: string;
  new_password?: string;
  /** with a new password: end the user's other sessions too (default) */
  end_other_sessions?: boolean;
}

export interface UpdatedProfile {
  user: SessionUser;
  /** after a password change: the caller's new token (the old one has ended, and the others unless kept) */
  accessToken?: string;
  /** a new email waiting for the link mailed to it; the sign-in email is unchanged until then */
  pendingEmail?: string;
}

/**
 * The caller's own name and, with the current password, password and email. A password change ends the
 * caller's session and opens a new one for it, and ends every other session of the user unless asked not to.
 * A new email is not the sign-in email yet: it gets a confirmation link (see email-change) and the current
 * address is told; whether another account has it is only said to whoever holds the link. Wrong current
 * passwords are throttled per user (a stolen token must not become a password oracle), counted before the
 * check so that concurrent guesses on any replica are judged as if one came after the other. The current
 * password is compared exactly as it was set (spaces included) and checked before the new one is hashed.
 */
export async function saveOwnProfile(
  ctx: IdentityContext,
  caller: AuthUser,
  changes: ProfileChanges,
  client?: SessionClient,
): Promise<UpdatedProfile> {
  const newPassword = changes.new_password;
  if (newPassword !== undefined) assertPasswordAcceptable(newPassword);
  const current = await findUserById(ctx.db.manager, caller.sub);
  if (!current) throw unauthorized('Your account no longer exists. Please sign in again.');
  const newEmail = changes.email === current.email ? undefined : changes.email;
  if (newPassword === undefined && newEmail === undefined) return saveProfile(ctx, caller, changes, {});
  if (!changes.current_password) throw badRequest(CURRENT_PASSWORD_FOR_EMAIL);
  const attempt = await admitAttempt(
    ctx.deps.attemptThrottles.currentPassword,
    caller.sub,
    'Too many wrong current passwords.',
  );
  // only a wrong current password counts: a refusal for any other reason gives the attempt back
  let wrongPassword = false;
  try {
    wrongPassword = !(await verifyPassword(current.password_hash, changes.current_password));
    if (wrongPassword) throw badRequest(WRONG_CURRENT_PASSWORD);
    const password = newPassword === undefined ? undefined : await hashPassword(newPassword);
    const saved = await saveProfile(ctx, caller, changes, {
      checkedHash: current.password_hash,
      newHash: password,
      newEmail,
      client,
    });
    if (password) await ctx.sessions.sync();
    return saved;
  } finally {
    await (wrongPassword ? attempt.failed() : attempt.succeeded());
  }
}

interface CheckedChanges {
  /** the password hash the current password was checked against */
  checkedHash?: string;
  newHash?: string;
  newEmail?: string;
  client?: SessionClient;
}

async function saveProfile(
  ctx: IdentityContext,
  caller: AuthUser,
  changes: ProfileChanges,
  checked: CheckedChanges,
): Promise<UpdatedProfile> {
  let mails: EmailChangeMails | undefined;
  const saved = await ctx.db.transaction(async (manager) => {
    const me = await findUserById(manager, caller.sub, true);
    if (!me) throw unauthorized('Your account no longer exists. Please sign in again.');
    // the password changed between the check and this lock: the check no longer holds
    if (checked.checkedHash !== undefined && me.password_hash !== checked.checkedHash) {
      throw badRequest(WRONG_CURRENT_PASSWORD);
    }
    const user = await updateUser(manager, me.id, { full_name: changes.full_name, password_hash: checked.newHash });
    let accessToken: string | undefined;
    if (checked.newHash) {
      if (changes.end_other_sessions === false) await revokeSession(manager, caller.sid);
      else await revokeUserSessions(manager, [me.id]);
      accessToken = (await openSession(ctx, manager, user, checked.client)).token;
    }
    if (checked.newEmail) mails = await prepareEmailChange(ctx, manager, user, checked.newEmail);
    ctx.logger.info(
      { user: user.id, passwordChanged: Boolean(checked.newHash), emailChangeRequested: Boolean(checked.newEmail) },
      'profile updated',
    );
    return { user: sessionUser(user), accessToken, pendingEmail: checked.newEmail };
  });
  if (mails) await sendEmailChangeMails(ctx, caller.sub, mails);
  return saved;
}
