import { notFound, recordAudit } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { deleteDealerInvitations } from '../../data/invitations';
import { revokeUserSessions } from '../../data/sessions';
import { deleteDealerLoginRow, findDealerLogin } from '../../data/users';
import { userAuditFields } from '../audit/audited-users';
import { NO_LOGIN } from './login-records';

/** Deletes a dealer's login, ends its sessions and drops any open invitation. */
export async function removeDealerLogin(ctx: IdentityContext, dealerId: string): Promise<void> {
  await ctx.transaction(async (manager, emit) => {
    const login = await findDealerLogin(manager, dealerId, true);
    const userId = await deleteDealerLoginRow(manager, dealerId);
    if (!userId || !login) throw notFound(NO_LOGIN);
    await recordAudit(emit, {
      action: 'dealer_login.deleted',
      entity: 'dealer_login',
      entity_id: dealerId,
      before: userAuditFields(login),
    });
    await revokeUserSessions(manager, [userId]);
    await deleteDealerInvitations(manager, dealerId);
  });
  await ctx.sessions.sync();
}
