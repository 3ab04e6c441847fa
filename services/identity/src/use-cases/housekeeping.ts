import type { IdentityContext } from '../context';
import { deleteLoginsOfMissingDealers } from './dealer-logins/dealer-lifecycle';
import { pruneExpiredMfaChallenges } from './mfa/mfa-sign-in';
import { pruneExpiredSessions } from './sessions/session-revocations';

/** One round of identity's periodic work: expired sessions, logins whose dealer never came and expired two-factor challenges go. */
export async function housekeep(ctx: IdentityContext): Promise<void> {
  await pruneExpiredSessions(ctx);
  await deleteLoginsOfMissingDealers(ctx);
  await pruneExpiredMfaChallenges(ctx);
}

/**
 * Runs `housekeep` every IDENTITY_HOUSEKEEPING_INTERVAL_MS while the database is open. The timer does not
 * keep the process alive, and a round that fails is logged and tried again at the next one.
 */
export function startHousekeeping(ctx: IdentityContext): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    if (!ctx.db.isInitialized) {
      clearInterval(timer);
      return;
    }
    running = true;
    housekeep(ctx)
      .catch((err: unknown) => {
        if (ctx.db.isInitialized) ctx.logger.warn({ err: (err as Error).message }, 'identity housekeeping failed');
      })
      .finally(() => {
        running = false;
      });
  }, ctx.config.IDENTITY_HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
}
