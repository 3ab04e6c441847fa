import type { AuthUser } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { markSessionSeen } from '../../data/sessions';

/** A session's "last seen" is written at most this often. */
const SEEN_INTERVAL_MS = 60_000;
/** Sids remembered before the stale ones are forgotten (a bound on memory, not on correctness). */
const MAX_REMEMBERED = 10_000;

/**
 * Notes that identity served a request of a session, writing its `last_seen_at` at most once a minute per
 * session and process (the SQL condition keeps it to once a minute across replicas too). The gateway and the
 * other services verify tokens themselves, so "last seen" is the session's last sign-in or identity request
 * (profile, sessions, settings…), not its last request anywhere. The write does not hold up the answer.
 */
export interface SessionSightings {
  seen(ctx: IdentityContext, user: AuthUser | null): void;
}

export function sessionSightings(now: () => number = Date.now): SessionSightings {
  const lastWritten = new Map<string, number>();
  const forgetStale = (at: number) => {
    for (const [sid, written] of lastWritten) if (at - written >= SEEN_INTERVAL_MS) lastWritten.delete(sid);
  };
  return {
    seen(ctx, user) {
      if (!user?.sid) return;
      const at = now();
      const written = lastWritten.get(user.sid);
      if (written !== undefined && at - written < SEEN_INTERVAL_MS) return;
      if (lastWritten.size >= MAX_REMEMBERED) forgetStale(at);
      lastWritten.set(user.sid, at);
      markSessionSeen(ctx.db.manager, user.sid, SEEN_INTERVAL_MS / 1000).catch((err: unknown) => {
        if (ctx.db.isInitialized) ctx.logger.warn({ err: (err as Error).message }, 'session last-seen not recorded');
      });
    },
  };
}

/**
 * Wraps each of identity's handlers so that every request of a signed-in session is noted as seen
 * (see SessionSightings), whatever the endpoint.
 */
// biome-ignore lint/suspicious/noExplicitAny: wraps handlers of every endpoint alike
export function notingSessionsSeen<H extends Record<string, (input: any, ctx: IdentityContext) => Promise<unknown>>>(
  handlers: H,
): H {
  const wrapped = Object.entries(handlers).map(([id, handle]) => [
    id,
    // biome-ignore lint/suspicious/noExplicitAny: the input of any endpoint
    (input: any, ctx: IdentityContext) => {
      ctx.deps.sessionSightings.seen(ctx, input.user ?? null);
      return handle(input, ctx);
    },
  ]);
  return Object.fromEntries(wrapped) as H;
}
