import { randomInt } from 'node:crypto';

/** Letters and digits that cannot be misread for each other when a dealer reads its id aloud (no 0/O, 1/I/L, U). */
const READABLE = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

function readable(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += READABLE[randomInt(READABLE.length)];
  return out;
}

/** A short, URL-safe dealer id shown to dealers, e.g. `D7KQ4M9XA`: 30^8 ≈ 6.5e11 values. */
export function newDealerId(): string {
  return `D${readable(8)}`;
}

/** What an imported row's own dealer_id may look like: it ends up in URLs. */
export const DEALER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The password of a new dealer login, shown once to the admin to share: 14 readable characters (~69 bits). */
export function temporaryPassword(): string {
  return readable(14);
}
