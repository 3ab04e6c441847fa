import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { saveOwnProfile } from '../../use-cases/profile/update-profile';

/** POST /api/user/update-profile */
export const updateProfile: IdentityHandler<'user.updateProfile'> = async ({ body, user }, ctx) => {
  const updated = await saveOwnProfile(ctx, user, body);
  return succeeded({
    message: 'Profile updated successfully!',
    user: updated.user,
    ...(updated.accessToken ? { access_token: updated.accessToken } : {}),
  });
};
