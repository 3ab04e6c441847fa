import type { IdentityContext } from '../../context';
import { revokeSession } from '../../data/sessions';

/** Ends the caller's session: its token stops working here at once and everywhere within seconds. */
export async function signOut(ctx: IdentityContext, sid: string): Promise<void> {
  await ctx.db.transaction((manager) => revokeSession(manager, sid));
  await ctx.sessions.sync();
}
