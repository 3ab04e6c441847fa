import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import {
  endOtherSessions,
  endOwnSession,
  endUserSessions,
  listOwnSessions,
} from '../../use-cases/sessions/own-sessions';

/** GET /api/user/sessions */
export const userSessions: IdentityHandler<'user.sessions'> = async ({ user }, ctx) =>
  succeeded({ sessions: await listOwnSessions(ctx, user) });

/** DELETE /api/user/sessions/{id} */
export const endUserSession: IdentityHandler<'user.endSession'> = async ({ user, params }, ctx) => {
  await endOwnSession(ctx, user, params.id);
  return succeeded({ message: 'Session ended' });
};

/** POST /api/user/end-other-sessions */
export const endOtherUserSessions: IdentityHandler<'user.endOtherSessions'> = async ({ user }, ctx) => {
  const ended = await endOtherSessions(ctx, user);
  return succeeded({
    message: ended === 1 ? 'Signed out of 1 other session' : `Signed out of ${ended} other sessions`,
    ended,
  });
};

/** POST /api/admin/end-user-sessions/{email} */
export const adminEndUserSessions: IdentityHandler<'admin.endUserSessions'> = async ({ user, params }, ctx) => {
  const ended = await endUserSessions(ctx, user, params.email);
  return succeeded({ message: ended === 1 ? 'Ended 1 session' : `Ended ${ended} sessions`, ended });
};
