import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { resetUserMfa } from '../../use-cases/mfa/reset-user-mfa';

/** POST /api/admin/reset-user-mfa/{email} */
export const resetStaffUserMfa: IdentityHandler<'admin.resetUserMfa'> = async ({ params, user }, ctx) => {
  await resetUserMfa(ctx, user, params.email);
  return succeeded({ message: `Two-factor sign-in of ${params.email} is off; their sessions have ended.` });
};
