import type { IdentityHandler } from '../../context';
import { dealerLoginInfo as info } from '../../use-cases/dealer-logins/login-info';

/** GET /api/admin/dealer-login-info/{dealer_id} */
export const dealerLoginInfo: IdentityHandler<'admin.dealerLoginInfo'> = async ({ params }, ctx) => ({
  success: true as const,
  login_info: await info(ctx, params.dealer_id),
});
