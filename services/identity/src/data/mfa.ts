import type { EntityManager } from 'typeorm';

/** A user's TOTP secret as stored: sealed, pending until `enabled_at`. */
export interface StoredMfa {
  user_id: string;
  secret_sealed: string;
  enabled_at: Date | null;
  last_used_step: number | null;
}

export interface MfaChallenge {
  user_id: string;
  enrolling: boolean;
  attempts: number;
}

export async function findMfa(manager: EntityManager, userId: string, lock = false): Promise<StoredMfa | null> {
  const rows: (Omit<StoredMfa, 'last_used_step'> & { last_used_step: string | null })[] = await manager.query(
    `SELECT user_id, secret_sealed, enabled_at, last_used_step FROM user_mfa WHERE user_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  const row = rows[0];
  return row ? { ...row, last_used_step: row.last_used_step === null ? null : Number(row.last_used_step) } : null;
}

/** A new pending secret: replaces an unconfirmed one, never an enabled one (null then). */
export async function storePendingMfa(manager: EntityManager, userId: string, sealed: string): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO user_mfa (user_id, secret_sealed) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET secret_sealed = EXCLUDED.secret_sealed, last_used_step = NULL, created_at = now()
       WHERE user_mfa.enabled_at IS NULL
     RETURNING user_id`,
    [userId, sealed],
  );
  return rows.length > 0;
}

/** Turns the pending secret on with the step of its first code; its recovery codes replace any earlier ones. */
export async function enableMfa(
  manager: EntityManager,
  userId: string,
  step: number,
  recoveryCodeHashes: string[],
): Promise<void> {
  await manager.query('UPDATE user_mfa SET enabled_at = now(), last_used_step = $2 WHERE user_id = $1', [userId, step]);
  await manager.query('DELETE FROM mfa_recovery_codes WHERE user_id = $1', [userId]);
  await manager.query('INSERT INTO mfa_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::text[])', [
    userId,
    recoveryCodeHashes,
  ]);
}

/**
 * Records the step of an accepted code; false when a code of that step or a later one was accepted meanwhile
 * (two requests with the same code: only one wins).
 */
export async function recordUsedStep(manager: EntityManager, userId: string, step: number): Promise<boolean> {
  const [, count]: [unknown[], number] = await manager.query(
    `UPDATE user_mfa SET last_used_step = $2
     WHERE user_id = $1 AND enabled_at IS NOT NULL AND (last_used_step IS NULL OR last_used_step < $2)`,
    [userId, step],
  );
  return count > 0;
}

/** Marks an unused recovery code used; false when there is no such unused code. */
export async function useRecoveryCode(manager: EntityManager, userId: string, codeHash: string): Promise<boolean> {
  const [, count]: [unknown[], number] = await manager.query(
    'UPDATE mfa_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [userId, codeHash],
  );
  return count > 0;
}

/** Turns two-factor sign-in off: the secret, the recovery codes and open challenges go. */
export async function deleteMfa(manager: EntityManager, userId: string): Promise<boolean> {
  const [, count]: [unknown[], number] = await manager.query('DELETE FROM user_mfa WHERE user_id = $1', [userId]);
  await manager.query('DELETE FROM mfa_recovery_codes WHERE user_id = $1', [userId]);
  await manager.query('DELETE FROM mfa_challenges WHERE user_id = $1', [userId]);
  return count > 0;
}

/** Which of the users have two-factor sign-in on (the staff list's badge). */
export async function usersWithMfa(manager: EntityManager, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows: { user_id: string }[] = await manager.query(
    'SELECT user_id FROM user_mfa WHERE user_id = ANY($1::uuid[]) AND enabled_at IS NOT NULL',
    [userIds],
  );
  return new Set(rows.map((row) => row.user_id));
}

export async function createChallenge(
  manager: EntityManager,
  challenge: { tokenHash: string; userId: string; enrolling: boolean; expiresAt: Date },
): Promise<void> {
  await manager.query(
    'INSERT INTO mfa_challenges (token_hash, user_id, enrolling, expires_at) VALUES ($1, $2, $3, $4)',
    [challenge.tokenHash, challenge.userId, challenge.enrolling, challenge.expiresAt],
  );
}

/** The live challenge of a token (not expired at `now`, attempts left), without spending an attempt. */
export async function findChallenge(
  manager: EntityManager,
  tokenHash: string,
  now: Date,
  maxAttempts: number,
): Promise<MfaChallenge | null> {
  const rows: MfaChallenge[] = await manager.query(
    `SELECT user_id, enrolling, attempts FROM mfa_challenges
     WHERE token_hash = $1 AND expires_at > $2 AND attempts < $3`,
    [tokenHash, now, maxAttempts],
  );
  return rows[0] ?? null;
}

/**
 * Spends one attempt of a live challenge and locks it until the transaction ends (so one code at a time is
 * judged per token); null when it is expired, used up or unknown. Counting and checking are one statement.
 */
export async function spendChallengeAttempt(
  manager: EntityManager,
  tokenHash: string,
  now: Date,
  maxAttempts: number,
): Promise<MfaChallenge | null> {
  // an UPDATE answers [rows, count] through TypeORM
  const [rows]: [MfaChallenge[], number] = await manager.query(
    `UPDATE mfa_challenges SET attempts = attempts + 1
     WHERE token_hash = $1 AND expires_at > $2 AND attempts < $3
     RETURNING user_id, enrolling, attempts`,
    [tokenHash, now, maxAttempts],
  );
  return rows[0] ?? null;
}

/** Uses a challenge up (a completed sign-in); false when another request completed it first. */
export async function deleteChallenge(manager: EntityManager, tokenHash: string): Promise<boolean> {
  const [, count]: [unknown[], number] = await manager.query('DELETE FROM mfa_challenges WHERE token_hash = $1', [
    tokenHash,
  ]);
  return count > 0;
}

/** Challenges that expired before `before` (housekeeping). */
export async function deleteExpiredChallenges(manager: EntityManager, before: Date): Promise<number> {
  const [, count]: [unknown[], number] = await manager.query('DELETE FROM mfa_challenges WHERE expires_at < $1', [
    before,
  ]);
  return count;
}
