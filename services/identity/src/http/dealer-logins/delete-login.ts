import { notFound } from '@portal/platform';
import { deleteDealerInvitations } from '../../data/invitations';
import { User } from '../../data/user.entity';
import type { IdentityHandler } from './dealer-login-records';
import { NO_LOGIN } from './dealer-login-records';

/** DELETE /api/admin/delete-dealer-login/{dealer_id} — the login and any open invitation. */
export const deleteDealerLogin: IdentityHandler<'admin.deleteDealerLogin'> = async ({ params }, ctx) => {
  await ctx.db.transaction(async (manager) => {
    const { affected } = await manager.getRepository(User).delete({ dealerId: params.dealer_id, role: 'dealer' });
    if (!affected) throw notFound(NO_LOGIN);
    await deleteDealerInvitations(manager, params.dealer_id);
  });
  return { success: true as const, message: 'Login credentials deleted successfully!' };
};
