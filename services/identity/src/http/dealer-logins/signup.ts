import type { IdentityHandler } from '../../context';
import { completeSignup as complete, verifyInvitation as verify } from '../../use-cases/dealer-logins/invitations';
import { clientAddress } from '../client-address';

/** GET /api/dealer/verify-invitation?token= */
export const verifyInvitation: IdentityHandler<'dealer.verifyInvitation'> = async ({ query, req }, ctx) => {
  const invitation = await verify(ctx, query.token, clientAddress(req));
  return { success: true as const, message: 'Invitation is valid', ...invitation };
};

/** POST /api/dealer/complete-signup */
export const completeSignup: IdentityHandler<'dealer.completeSignup'> = async ({ body, req }, ctx) => {
  await complete(ctx, body, clientAddress(req));
  return { success: true as const, message: 'Account created successfully! You can now sign in.' };
};
