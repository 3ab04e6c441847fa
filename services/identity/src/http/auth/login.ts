import { succeeded } from '@portal/contracts';
import { clientAddress } from '@portal/platform';
import type { IdentityHandler } from '../../context';
import { signIn } from '../../use-cases/auth/sign-in';

/** POST /api/auth/login */
export const login: IdentityHandler<'auth.login'> = async ({ body, req }, ctx) => {
  const signedIn = await signIn(ctx, body.email, body.password, clientAddress(req));
  return succeeded({
    access_token: signedIn.token,
    token_type: 'bearer' as const,
    expires_in: signedIn.expiresIn,
    user: signedIn.user,
  });
};
