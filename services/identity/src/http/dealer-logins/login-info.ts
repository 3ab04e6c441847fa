import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { readDealerLoginInfo } from '../../use-cases/dealer-logins/login-info';

/** GET /api/admin/dealer-login-info/{dealer_id} */
export const dealerLoginInfo: IdentityHandler<'admin.dealerLoginInfo'> = async ({ params }, ctx) =>
  succeeded({ login_info: await readDealerLoginInfo(ctx, params.dealer_id) });
