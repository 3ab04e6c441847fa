import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread for each other when read aloud or copied by hand (no 0/O, 1/I/L, U). */
export const READABLE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `length` characters drawn uniformly from READABLE_ALPHABET with a cryptographic generator. */
export function readableRandom(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += READABLE_ALPHABET[randomInt(READABLE_ALPHABET.length)];
  return out;
}

/**
 * The password of a new account, shown once to the admin who shares it: 16 readable characters (30^16, about
 * 78 bits), so it survives being read over the phone and still cannot be guessed.
 */
export function temporaryPassword(): string {
  return readableRandom(16);
}
