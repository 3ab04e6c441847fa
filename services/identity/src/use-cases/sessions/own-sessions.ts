import type { UserSession } from '@portal/contracts';
import { type AuthUser, notFound, recordAudit } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { listOpenSessions, revokeOwnSession, revokeUserSessions } from '../../data/sessions';
import { findUserByEmail } from '../../data/users';
import { browserLabel } from '../../domain/sessions/browser-label';

const NO_SUCH_SESSION = 'Error: Session not found';
const NO_SUCH_USER = 'Error: User not found';

/** The caller's open sessions, most recently seen first; the one of the asking token is `current`. */
export async function listOwnSessions(ctx: IdentityContext, caller: AuthUser): Promise<UserSession[]> {
  const rows = await listOpenSessions(ctx.db.manager, caller.sub);
  return rows.map((row) => ({
    id: row.sid,
    created_at: row.created_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
    ip_address: row.ip_address,
    browser: browserLabel(row.user_agent),
    current: row.sid === caller.sid,
  }));
}

/**
 * Ends one of the caller's sessions: its tokens stop working everywhere once the revocation feed is read
 * (within a second). Another user's session is answered as unknown (404), never ended.
 */
export async function endOwnSession(ctx: IdentityContext, caller: AuthUser, sid: string): Promise<void> {
  const ended = await ctx.db.transaction((manager) => revokeOwnSession(manager, caller.sub, sid));
  if (!ended) throw notFound(NO_SUCH_SESSION);
  await ctx.sessions.sync();
  ctx.logger.info({ user: caller.sub }, 'session ended by its user');
}

/** Signs the caller out everywhere else: every session but the asking one ends. Answers how many ended. */
export async function endOtherSessions(ctx: IdentityContext, caller: AuthUser): Promise<number> {
  const ended = await ctx.db.transaction((manager) => revokeUserSessions(manager, [caller.sub], caller.sid));
  await ctx.sessions.sync();
  ctx.logger.info({ user: caller.sub, ended }, 'other sessions ended by their user');
  return ended;
}

/** An admin ends every session of a user (staff or dealer login) by email; 404 for an unknown email. */
export async function endUserSessions(ctx: IdentityContext, admin: AuthUser, email: string): Promise<number> {
  const user = await findUserByEmail(ctx.db.manager, email);
  if (!user) throw notFound(NO_SUCH_USER);
  const ended = await ctx.transaction(async (manager, emit) => {
    const count = await revokeUserSessions(manager, [user.id]);
    const entity = user.role === 'dealer' && user.dealer_id ? 'dealer_login' : 'user';
    await recordAudit(emit, {
      action: `${entity}.sessions_ended`,
      entity,
      entity_id: entity === 'dealer_login' ? (user.dealer_id as string) : user.email,
      before: { open_sessions: count },
      after: { open_sessions: 0 },
    });
    return count;
  });
  await ctx.sessions.sync();
  ctx.logger.info({ user: user.id, by: admin.email, ended }, "a user's sessions ended by an admin");
  return ended;
}
