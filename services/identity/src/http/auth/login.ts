import { succeeded } from '@portal/contracts';
import { clientAddress } from '@portal/platform';
import type { IdentityHandler } from '../../context';
import { type SignedIn, signIn } from '../../use-cases/auth/sign-in';

/** POST /api/auth/login */
export const login: IdentityHandler<'auth.login'> = async ({ body, req }, ctx) => {
  const signedIn = await signIn(ctx, body.email, body.password, clientAddress(req), req.get('user-agent'));
  if ('mfaToken' in signedIn) {
    return {
      success: true as const,
      mfa_required: true as const,
      mfa_token: signedIn.mfaToken,
      mfa_enrollment_required: signedIn.enrollmentRequired,
    };
  }
  return signedInAnswer(signedIn);
};

/** The answer of a completed sign-in (the password step, or the two-factor step that follows it). */
export const signedInAnswer = (signedIn: SignedIn) =>
  succeeded({
    access_token: signedIn.token,
    token_type: 'bearer' as const,
    expires_in: signedIn.expiresIn,
    user: signedIn.user,
  });
