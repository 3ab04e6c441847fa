import { type Access, roleAllowed } from '@portal/contracts';
import { forbidden, unauthorized } from '../http/errors';
import { type AuthUser, bearerToken, type TokenVerifier } from './tokens';

/**
 * The contract's role check: resolves the caller from the Authorization header and throws 401/403.
 * Returns null for public endpoints called without a token. Dealer ownership (`dealer(own)`) is checked
 * against the path parameter named in the contract.
 */
export function authorize(
  acc: Access,
  authorization: string | undefined,
  verifier: TokenVerifier,
  params: Record<string, string> = {},
): AuthUser | null {
  const token = bearerToken(authorization);
  if (acc.kind === 'public') return token ? safeVerify(verifier, token) : null;
  if (!token) throw unauthorized();
  const user = verifier.verify(token);
  if (!roleAllowed(acc, user.role)) throw forbidden();
  if (acc.kind === 'roles' && acc.dealerOwnParam && user.role === 'dealer') {
    if (!user.dealerId || params[acc.dealerOwnParam] !== user.dealerId) throw forbidden();
  }
  return user;
}

/** On a public endpoint a bad token is ignored rather than refused: the caller is simply anonymous. */
function safeVerify(verifier: TokenVerifier, token: string): AuthUser | null {
  try {
    return verifier.verify(token);
  } catch {
    return null;
  }
}
