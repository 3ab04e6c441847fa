import type { IdentityHandler } from '../../context';
import { sendLoginInvitation as send } from '../../use-cases/dealer-logins/invitations';

/** POST /api/admin/send-login-invitation/{dealer_id} */
export const sendLoginInvitation: IdentityHandler<'admin.sendLoginInvitation'> = async (
  { params, body, user },
  ctx,
) => {
  await send(ctx, user, params.dealer_id, body);
  return { success: true as const, message: 'Login invitation sent successfully!' };
};
