import { createPrivateKey, createPublicKey } from 'node:crypto';
import { ROLES, type Role } from '@portal/contracts';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { serviceUnavailable, unauthorized } from '../http/errors';
import type { SessionRevocations } from './session-revocations';

/** The one algorithm tokens are signed and verified with: ES256 (identity holds the private key). */
export const TOKEN_ALGORITHM = 'ES256' as const;

export interface TokenSettings {
  issuer: string;
  audience: string;
}

/** What a verified token tells a service about its caller. */
export interface AuthUser {
  /** user id */
  sub: string;
  email: string;
  name: string;
  role: Role;
  /** the dealer record of a dealer login */
  dealerId: string | null;
  /** the session the token belongs to: signing out, a password change or removing the user revokes it */
  sid: string;
}

export const SESSION_ENDED = 'Your session has ended. Please sign in again.';
export const SESSIONS_NOT_READY = 'Sign-in checks are starting up. Please try again in a moment.';

const Claims = z.object({
  sub: z.string().min(1),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  dealer_id: z.string().nullable().optional(),
  sid: z.string().min(1),
  // jsonwebtoken checks exp only when a token has one: a signed token without it would never expire
  exp: z.number().int(),
  iat: z.number().int(),
});

export interface TokenVerifier {
  /** Verifies signature, algorithm, issuer, audience and expiry; throws HttpError 401 otherwise. */
  verify(token: string): AuthUser;
}

export interface TokenVerifierOptions extends TokenSettings {
  publicKey: string;
  /**
   * The revoked sessions: a token of one is refused (401). Until the list has synced once, every token is
   * refused with 503 (its session could be revoked). Without it, no session is ever revoked (tools only).
   */
  revocations?: SessionRevocations;
}

export function createTokenVerifier(opts: TokenVerifierOptions): TokenVerifier {
  // parsed once: re-parsing the PEM on every request costs more than the signature check
  const publicKey = createPublicKey(opts.publicKey);
  return {
    verify(token) {
      let decoded: unknown;
      try {
        decoded = jwt.verify(token, publicKey, {
          algorithms: [TOKEN_ALGORITHM],
          issuer: opts.issuer,
          audience: opts.audience,
        });
      } catch (err) {
        if (err instanceof jwt.TokenExpiredError) throw unauthorized('Your session has expired. Please sign in again.');
        throw unauthorized('Invalid authentication token');
      }
      const claims = Claims.safeParse(decoded);
      if (!claims.success) throw unauthorized('Invalid authentication token');
      const c = claims.data;
      if (opts.revocations) {
        if (!opts.revocations.ready()) throw serviceUnavailable(SESSIONS_NOT_READY);
        if (opts.revocations.isRevoked(c.sid)) throw unauthorized(SESSION_ENDED);
      }
      return { sub: c.sub, email: c.email, name: c.name, role: c.role, dealerId: c.dealer_id ?? null, sid: c.sid };
    },
  };
}

export interface TokenSigner {
  sign(user: AuthUser): { token: string; expiresIn: number };
}

export function createTokenSigner(opts: TokenSettings & { privateKey: string; ttlSeconds: number }): TokenSigner {
  const privateKey = createPrivateKey(opts.privateKey);
  return {
    sign(user) {
      const token = jwt.sign(
        { email: user.email, name: user.name, role: user.role, dealer_id: user.dealerId, sid: user.sid },
        privateKey,
        {
          algorithm: TOKEN_ALGORITHM,
          issuer: opts.issuer,
          audience: opts.audience,
          subject: user.sub,
          expiresIn: opts.ttlSeconds,
        },
      );
      return { token, expiresIn: opts.ttlSeconds };
    },
  };
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}
