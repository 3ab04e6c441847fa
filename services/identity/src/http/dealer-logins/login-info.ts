import type { IdentityHandler } from './dealer-login-records';
import { findDealerLogin, loginInfo } from './dealer-login-records';

/** GET /api/admin/dealer-login-info/{dealer_id} — null when the dealer has no login (the UI offers create or invite). */
export const dealerLoginInfo: IdentityHandler<'admin.dealerLoginInfo'> = async ({ params }, ctx) => {
  const user = await findDealerLogin(ctx.db.manager, params.dealer_id);
  return { success: true as const, login_info: user ? loginInfo(user) : null };
};
