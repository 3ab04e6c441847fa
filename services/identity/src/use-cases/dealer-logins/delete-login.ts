import { notFound } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { deleteDealerInvitations } from '../../data/invitations';
import { revokeUserSessions } from '../../data/sessions';
import { deleteDealerLoginRow } from '../../data/users';
import { NO_LOGIN } from './login-records';

/** Deletes a dealer's login, ends its sessions and drops any open invitation. */
export async function removeDealerLogin(ctx: IdentityContext, dealerId: string): Promise<void> {
  await ctx.db.transaction(async (manager) => {
    const userId = await deleteDealerLoginRow(manager, dealerId);
    if (!userId) throw notFound(NO_LOGIN);
    await revokeUserSessions(manager, [userId]);
    await deleteDealerInvitations(manager, dealerId);
  });
  await ctx.sessions.sync();
}
