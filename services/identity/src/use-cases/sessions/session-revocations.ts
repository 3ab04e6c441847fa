import type { IdentityContext } from '../../context';
import { deleteExpiredSessions, revocationsAfter } from '../../data/sessions';

/** identity's revocation feed (what GET /internal/session-revocations answers, and identity's own verifier reads). */
export function revocationFeed(ctx: IdentityContext) {
  return (after: number) => revocationsAfter(ctx.db.manager, after);
}

/**
 * Deletes sessions that expired over an hour ago: their tokens are refused as expired anyway, and no
 * reader needs their revocation any more.
 */
export async function pruneExpiredSessions(ctx: IdentityContext): Promise<number> {
  const pruned = await deleteExpiredSessions(ctx.db.manager, 3600);
  if (pruned) ctx.logger.info({ pruned }, 'expired sessions deleted');
  return pruned;
}
