import { succeeded } from '@portal/contracts';
import { clientAddress } from '@portal/platform';
import type { IdentityHandler } from '../../context';
import { completeMfaSignIn, startSignInEnrolment } from '../../use-cases/mfa/mfa-sign-in';
import { signedInAnswer } from '../auth/login';

/** POST /api/auth/login-mfa-setup */
export const loginMfaSetup: IdentityHandler<'auth.loginMfaSetup'> = async ({ body }, ctx) => {
  const setup = await startSignInEnrolment(ctx, body.mfa_token);
  return succeeded({ secret: setup.secret, otpauth_url: setup.otpauthUrl });
};

/** POST /api/auth/login-mfa */
export const loginMfa: IdentityHandler<'auth.loginMfa'> = async ({ body, req }, ctx) => {
  const signedIn = await completeMfaSignIn(ctx, body.mfa_token, body.code, {
    address: clientAddress(req),
    userAgent: req.get('user-agent') ?? null,
  });
  return {
    ...signedInAnswer(signedIn),
    ...(signedIn.recoveryCodes ? { recovery_codes: signedIn.recoveryCodes } : {}),
  };
};
