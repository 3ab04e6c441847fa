import { succeeded } from '@portal/contracts';
import { clientAddress } from '@portal/platform';
import type { IdentityHandler } from '../../context';
import { confirmEmailChange } from '../../use-cases/profile/email-change';
import { saveOwnProfile } from '../../use-cases/profile/update-profile';

/** POST /api/user/update-profile */
export const updateProfile: IdentityHandler<'user.updateProfile'> = async ({ body, user, req }, ctx) => {
  const updated = await saveOwnProfile(ctx, user, body, {
    address: clientAddress(req),
    userAgent: req.get('user-agent') ?? null,
  });
  return succeeded({
    message: updated.pendingEmail
      ? `Check ${updated.pendingEmail} for a link to confirm the change.`
      : 'Profile updated successfully!',
    user: updated.user,
    ...(updated.accessToken ? { access_token: updated.accessToken } : {}),
    ...(updated.pendingEmail ? { pending_email: updated.pendingEmail } : {}),
  });
};

/** POST /api/user/confirm-email-change */
export const confirmEmail: IdentityHandler<'user.confirmEmailChange'> = async ({ body }, ctx) => {
  const { email } = await confirmEmailChange(ctx, body.token);
  return succeeded({ message: `Your sign-in email is now ${email}.`, email });
};
