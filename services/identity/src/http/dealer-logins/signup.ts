import { succeeded } from '@portal/contracts';
import { clientAddress } from '@portal/platform';
import type { IdentityHandler } from '../../context';
import { checkInvitation, signUpWithInvitation } from '../../use-cases/dealer-logins/invitations';

/** GET /api/dealer/verify-invitation?token= */
export const verifyInvitation: IdentityHandler<'dealer.verifyInvitation'> = async ({ query, req }, ctx) => {
  const invitation = await checkInvitation(ctx, query.token, clientAddress(req));
  return succeeded({ message: 'Invitation is valid', ...invitation });
};

/** POST /api/dealer/complete-signup */
export const completeSignup: IdentityHandler<'dealer.completeSignup'> = async ({ body, req }, ctx) => {
  await signUpWithInvitation(ctx, body, clientAddress(req));
  return succeeded({ message: 'Account created successfully! You can now sign in.' });
};
