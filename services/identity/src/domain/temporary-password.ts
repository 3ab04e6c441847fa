import { randomBytes } from 'node:crypto';

/** A one-time password an admin hands to a new user: 16 base64url characters, 96 random bits. */
export function temporaryPassword(): string {
  return randomBytes(12).toString('base64url');
}
