import type { IdentityHandler } from '../../context';
import { deleteDealerLogin as remove } from '../../use-cases/dealer-logins/delete-login';

/** DELETE /api/admin/delete-dealer-login/{dealer_id} */
export const deleteDealerLogin: IdentityHandler<'admin.deleteDealerLogin'> = async ({ params }, ctx) => {
  await remove(ctx, params.dealer_id);
  return { success: true as const, message: 'Login credentials deleted successfully!' };
};
