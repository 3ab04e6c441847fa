import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { inviteDealer } from '../../use-cases/dealer-logins/invitations';

/** POST /api/admin/send-login-invitation/{dealer_id} */
export const sendLoginInvitation: IdentityHandler<'admin.sendLoginInvitation'> = async (
  { params, body, user },
  ctx,
) => {
  await inviteDealer(ctx, user, params.dealer_id, body);
  return succeeded({ message: 'Login invitation sent successfully!' });
};
