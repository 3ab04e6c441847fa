import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { createLoginForDealer } from '../../use-cases/dealer-logins/create-login';

/** POST /api/admin/create-dealer-login/{dealer_id} */
export const createDealerLogin: IdentityHandler<'admin.createDealerLogin'> = async ({ params, body, user }, ctx) =>
  succeeded({
    message: 'Login credentials created successfully! Dealer can now log in.',
    login_info: await createLoginForDealer(ctx, user, params.dealer_id, body),
  });
