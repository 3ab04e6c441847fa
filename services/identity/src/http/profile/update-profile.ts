import type { IdentityHandler } from '../../context';
import { updateProfile as update } from '../../use-cases/profile/update-profile';

/** POST /api/user/update-profile */
export const updateProfile: IdentityHandler<'user.updateProfile'> = async ({ body, user }, ctx) => {
  const updated = await update(ctx, user, body);
  return {
    success: true as const,
    message: 'Profile updated successfully!',
    user: updated.user,
    ...(updated.accessToken ? { access_token: updated.accessToken } : {}),
  };
};
