import { Algorithm, hash, verify } from '@node-rs/argon2';

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
