import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { signOut } from '../../use-cases/auth/sign-out';

/** POST /api/auth/logout */
export const logout: IdentityHandler<'auth.logout'> = async ({ user }, ctx) => {
  await signOut(ctx, user.sid);
  return succeeded({ message: 'Signed out' as const });
};
