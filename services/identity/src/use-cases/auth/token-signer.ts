import { createTokenSigner, type TokenSigner } from '@portal/platform';
import type { IdentityContext } from '../../context';

const signers = new WeakMap<IdentityContext, TokenSigner>();

/** The service's token signer, built once (parsing the private key is not free). */
export function tokenSigner(ctx: IdentityContext): TokenSigner {
  let signer = signers.get(ctx);
  if (!signer) {
    signer = createTokenSigner({
      privateKey: ctx.config.JWT_PRIVATE_KEY,
      issuer: ctx.config.JWT_ISSUER,
      audience: ctx.config.JWT_AUDIENCE,
      ttlSeconds: ctx.config.JWT_TTL_SECONDS,
    });
    signers.set(ctx, signer);
  }
  return signer;
}
