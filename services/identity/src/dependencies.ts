import { createTokenSigner, type ServiceContext, type TokenSigner } from '@portal/platform';
import type { IdentityConfig } from './config';
import { type AttemptThrottles, createAttemptThrottles } from './throttling/attempt-throttles';
import { createSignInThrottle, type SignInThrottle } from './throttling/sign-in-throttle';

/** What one running identity service keeps for its whole life (counts of the throttles live in memory). */
export interface IdentityDeps {
  /** signs the access tokens (built once: parsing the private key is not free) */
  tokenSigner: TokenSigner;
  signInThrottle: SignInThrottle;
  attemptThrottles: AttemptThrottles;
}

export function identityDependencies({ config }: ServiceContext<IdentityConfig>): IdentityDeps {
  return {
    tokenSigner: createTokenSigner({
      privateKey: config.JWT_PRIVATE_KEY,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      ttlSeconds: config.JWT_TTL_SECONDS,
    }),
    signInThrottle: createSignInThrottle({
      freeFailures: config.SIGN_IN_FREE_FAILURES,
      addressMaxFailures: config.SIGN_IN_ADDRESS_MAX_FAILURES,
      accountMaxDelayMs: config.SIGN_IN_ACCOUNT_MAX_DELAY_MS,
    }),
    attemptThrottles: createAttemptThrottles(),
  };
}
