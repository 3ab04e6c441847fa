import type { IdentityHandler } from '../../context';
import { createDealerLogin as create } from '../../use-cases/dealer-logins/create-login';

/** POST /api/admin/create-dealer-login/{dealer_id} */
export const createDealerLogin: IdentityHandler<'admin.createDealerLogin'> = async ({ params, body, user }, ctx) => ({
  success: true as const,
  message: 'Login credentials created successfully! Dealer can now log in.',
  login_info: await create(ctx, user, params.dealer_id, body),
});
