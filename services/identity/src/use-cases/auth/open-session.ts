import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import { createSession, type SessionClient } from '../../data/sessions';
import type { UserRecord } from '../../data/users';

export interface IssuedToken {
  token: string;
  expiresIn: number;
  sid: string;
}

/**
 * Opens a session for the user and signs its token (claim `sid`): sign-in, signup and a password change. The
 * client (address and User-Agent of the request) is what the user's sessions list shows of it.
 */
export async function openSession(
  ctx: IdentityContext,
  manager: EntityManager,
  user: UserRecord,
  client?: SessionClient,
): Promise<IssuedToken> {
  const ttl = ctx.config.JWT_TTL_SECONDS;
  const { sid } = await createSession(manager, user.id, ttl, client);
  const { token, expiresIn } = ctx.deps.tokenSigner.sign({
    sub: user.id,
    email: user.email,
    name: user.full_name,
    role: user.role,
    dealerId: user.dealer_id,
    sid,
  });
  return { token, expiresIn, sid };
}
