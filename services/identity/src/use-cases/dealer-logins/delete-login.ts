import { notFound } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { deleteDealerInvitations } from '../../data/invitations';
import { revokeUserSessions } from '../../data/sessions';
import { deleteDealerLogin as deleteLoginRow } from '../../data/users';
import { NO_LOGIN } from './login-records';

/** Deletes a dealer's login, ends its sessions and drops any open invitation. */
export async function deleteDealerLogin(ctx: IdentityContext, dealerId: string): Promise<void> {
  await ctx.db.transaction(async (manager) => {
    const userId = await deleteLoginRow(manager, dealerId);
    if (!userId) throw notFound(NO_LOGIN);
    await revokeUserSessions(manager, [userId]);
    await deleteDealerInvitations(manager, dealerId);
  });
  await ctx.sessions.sync();
}
