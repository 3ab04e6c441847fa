import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { changeDealerLogin } from '../../use-cases/dealer-logins/update-login';

/** PUT /api/admin/update-dealer-login/{dealer_id} */
export const updateDealerLogin: IdentityHandler<'admin.updateDealerLogin'> = async ({ params, body }, ctx) =>
  succeeded({
    message: 'Login information updated successfully!',
    login_info: await changeDealerLogin(ctx, params.dealer_id, body),
  });
