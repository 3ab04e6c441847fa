import { createHash, randomBytes } from 'node:crypto';

/**
 * A secret handed to a person once (an invitation link, a reset link): 32 random bytes, base64url (43
 * characters, URL-safe). Only its hash is stored, so a copy of the database cannot be used to accept it.
 */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The stored form of an opaque token: SHA-256, hex. A plain hash is enough (no salt or slow hash): the token
 * has 256 random bits, so there is nothing to guess, and the lookup stays one indexed equality.
 */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
