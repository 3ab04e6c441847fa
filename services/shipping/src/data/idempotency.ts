import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';

/**
 * How long a key is remembered: far longer than a phone stays without signal, short enough that the table does not
 * grow with every delivery ever made. A user's older keys are forgotten when they claim a new one.
 */
export const IDEMPOTENCY_KEY_DAYS = 30;

/** What a request with an Idempotency-Key did, kept to answer its replays. */
export interface IdempotentOutcome<T> {
  fingerprint: string;
  outcome: T;
}

/**
 * The fingerprint of a request: a hash of what it asks (endpoint, parameters, body, the files' bytes), so the
 * same key sent with anything else is told apart. Object keys are sorted: the same JSON in another order is the
 * same request.
 */
export function requestFingerprint(request: unknown): string {
  const canonical = (value: unknown): unknown => {
    if (Buffer.isBuffer(value)) return `sha256:${createHash('sha256').update(value).digest('hex')}`;
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
      );
    return value ?? null;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)))
    .digest('base64url');
}

/** The outcome kept for this user's key, or null. */
export async function findIdempotentOutcome<T>(
  manager: EntityManager,
  userId: string,
  key: string,
): Promise<IdempotentOutcome<T> | null> {
  const rows: IdempotentOutcome<T>[] = await manager.query(
    'SELECT fingerprint, outcome FROM idempotency_keys WHERE user_id = $1 AND idempotency_key = $2',
    [userId, key],
  );
  return rows[0] ?? null;
}

/**
 * Claims the key for this request in the caller's transaction, with the outcome it will have if the
 * transaction commits. Answers null when claimed; otherwise what the key already holds. A concurrent claim of
 * the same key waits on the primary key until the first transaction ends: after a commit it answers the kept
 * outcome, after a rollback it claims.
 */
export async function claimIdempotencyKey<T>(
  manager: EntityManager,
  userId: string,
  key: string,
  claim: IdempotentOutcome<T>,
): Promise<IdempotentOutcome<T> | null> {
  const claimed: unknown[] = await manager.query(
    `INSERT INTO idempotency_keys (user_id, idempotency_key, fingerprint, outcome) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING idempotency_key`,
    [userId, key, claim.fingerprint, JSON.stringify(claim.outcome)],
  );
  if (claimed.length > 0) {
    await manager.query(
      `DELETE FROM idempotency_keys WHERE user_id = $1 AND created_at < now() - make_interval(days => $2)`,
      [userId, IDEMPOTENCY_KEY_DAYS],
    );
    return null;
  }
  return findIdempotentOutcome<T>(manager, userId, key);
}
