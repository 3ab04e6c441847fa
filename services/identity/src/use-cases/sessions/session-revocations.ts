import type { IdentityContext } from '../../context';
import { deleteSpentEmailChanges } from '../../data/email-changes';
import { deleteExpiredSessions, revocationsAfter } from '../../data/sessions';

/** identity's revocation feed (what GET /internal/session-revocations answers, and identity's own verifier reads). */
export function revocationFeed(ctx: IdentityContext) {
  return (after: number) => revocationsAfter(ctx.db.manager, after);
}

/**
 * Deletes sessions that expired over an hour ago (and spent email-change links): their tokens are refused
 * as expired anyway, and no reader needs their revocation any more.
 */
export async function pruneExpiredSessions(ctx: IdentityContext): Promise<number> {
  const pruned = await deleteExpiredSessions(ctx.db.manager, 3600);
  if (pruned) ctx.logger.info({ pruned }, 'expired sessions deleted');
  // confirmation links of changed emails that were used or expired a day ago have nothing left to do
  const spentLinks = await deleteSpentEmailChanges(ctx.db.manager);
  if (spentLinks) ctx.logger.info({ spentLinks }, 'spent email-change links deleted');
  return pruned;
}
