import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { removeDealerLogin } from '../../use-cases/dealer-logins/delete-login';

/** DELETE /api/admin/delete-dealer-login/{dealer_id} */
export const deleteDealerLogin: IdentityHandler<'admin.deleteDealerLogin'> = async ({ params }, ctx) => {
  await removeDealerLogin(ctx, params.dealer_id);
  return succeeded({ message: 'Login credentials deleted successfully!' });
};
