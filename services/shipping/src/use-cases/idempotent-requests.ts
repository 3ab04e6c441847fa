import { DELIVERY_PROOF_MESSAGES } from '@portal/contracts';
import { HttpError } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { claimIdempotencyKey, findIdempotentOutcome, requestFingerprint } from '../data/idempotency';

/**
 * A request sent with an Idempotency-Key (an offline phone's queue replays its marks until it hears an answer):
 * the key is the user's own, the fingerprint says what the request asked.
 */
export interface IdempotentRequest {
  userId: string;
  key: string;
  fingerprint: string;
}

/** The idempotent request of `userId` with this key (null without one), fingerprinted from what it asks. */
export function idempotentRequest(userId: string, key: string | null, request: unknown): IdempotentRequest | null {
  return key === null ? null : { userId, key, fingerprint: requestFingerprint(request) };
}

const reusedKey = () => new HttpError(422, DELIVERY_PROOF_MESSAGES.idempotencyKeyReused);

function sameRequest<T>(request: IdempotentRequest, kept: { fingerprint: string; outcome: T } | null): T | null {
  if (!kept) return null;
  if (kept.fingerprint !== request.fingerprint) throw reusedKey();
  return kept.outcome;
}

/** What an earlier request with this key did (to answer again), or null; 422 when the key was used otherwise. */
export async function keptOutcome<T>(manager: EntityManager, request: IdempotentRequest | null): Promise<T | null> {
  if (!request) return null;
  return sameRequest(request, await findIdempotentOutcome<T>(manager, request.userId, request.key));
}

/**
 * Claims the key inside the request's transaction with the outcome it will have: null when claimed (go on),
 * else the outcome of the request that claimed it first (a concurrent replay; answer that and change nothing);
 * 422 when that was another request.
 */
export async function claimOrKept<T>(
  manager: EntityManager,
  request: IdempotentRequest | null,
  outcome: T,
): Promise<T | null> {
  if (!request) return null;
  const kept = await claimIdempotencyKey(manager, request.userId, request.key, {
    fingerprint: request.fingerprint,
    outcome,
  });
  return sameRequest(request, kept);
}
