import { Algorithm, hash, verify } from '@node-rs/argon2';
import { MIN_PASSWORD_LENGTH } from '@portal/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's argon2id parameters: m = 19456 KiB, t = 2, p = 1. */
const PARAMS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * How many argon2id hashes this process has computed: the costly step an unauthenticated caller must never
 * be able to trigger at will (watched by the signup burn test, useful as a metric).
 */
export const passwordHashing = { computed: 0 };

export function hashPassword(password: string): Promise<string> {
  passwordHashing.computed += 1;
  return hash(password, PARAMS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when no user matches, so a wrong email costs as long as a wrong password. */
let decoy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  decoy ??= hash('decoy password never matches', PARAMS);
  await verifyPassword(await decoy, password);
}

export const PASSWORD_ONLY_SPACES = 'Password cannot be only spaces';
export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';

/**
 * The most common passwords long enough to pass the length rule, lower-cased: zxcvbn-ts's list (about 50,000
 * passwords from leaked-password corpora, kept by that project). Loaded here rather than in the contract's
 * Password field so the web bundle never carries it.
 */
let commonPasswords: Set<string> | undefined;
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'].filter((word) => word.length >= MIN_PASSWORD_LENGTH));
  return commonPasswords.has(password.toLowerCase());
}

/**
 * Why a password someone chose is refused, or undefined when it is acceptable. The contract's Password field
 * already checked the length; this adds what every place a password is set must refuse as well: only
 * whitespace, and the most common passwords (in any letter case). Passwords the portal generates need no check.
 */
export function passwordRefusal(password: string): string | undefined {
  if (password.trim() === '') return PASSWORD_ONLY_SPACES;
  if (isCommonPassword(password.trim())) return PASSWORD_TOO_COMMON;
  return undefined;
}
