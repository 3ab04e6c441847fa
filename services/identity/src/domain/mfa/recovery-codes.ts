import { randomInt } from 'node:crypto';

/** How many recovery codes a user gets when two-factor sign-in is turned on. */
export const RECOVERY_CODE_COUNT = 10;

/** Lower-case letters and digits without the look-alikes (0/o, 1/l/i): 31 symbols. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;
const LENGTH = GROUPS * GROUP_LENGTH;
const RECOVERY_CODE = new RegExp(`^[${ALPHABET}]{${LENGTH}}$`);

/**
 * A recovery code as shown: `abcd-efgh-jkmn-pqrs`, 16 symbols (about 79 bits, so a plain hash of it is safe to
 * store and no one guesses it within the attempt limits).
 */
export function newRecoveryCode(pick: (below: number) => number = randomInt): string {
  const symbols = Array.from({ length: LENGTH }, () => ALPHABET[pick(ALPHABET.length)]);
  return Array.from({ length: GROUPS }, (_, i) =>
    symbols.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH).join(''),
  ).join('-');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode());
}

/**
 * The stored form of a recovery code however it was typed (any case, with or without dashes and spaces), or
 * null when it cannot be one.
 */
export function normaliseRecoveryCode(typed: string): string | null {
  const compact = typed.replace(/[\s-]/g, '').toLowerCase();
  return RECOVERY_CODE.test(compact) ? compact : null;
}
