import type { IdentityHandler } from '../../context';
import { updateDealerLogin as update } from '../../use-cases/dealer-logins/update-login';

/** PUT /api/admin/update-dealer-login/{dealer_id} */
export const updateDealerLogin: IdentityHandler<'admin.updateDealerLogin'> = async ({ params, body }, ctx) => ({
  success: true as const,
  message: 'Login information updated successfully!',
  login_info: await update(ctx, params.dealer_id, body),
});
