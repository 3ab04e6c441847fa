import { z } from 'zod';

/**
 * Service-to-service answers that are not part of the public API (the gateway never routes them).
 */

/** One revoked session: its id and when its tokens expire anyway (after that it need not be remembered). */
export const RevokedSession = z.object({
  sid: z.string().min(1),
  expires_at: z.string().describe('ISO 8601 timestamp'),
});
export type RevokedSession = z.infer<typeof RevokedSession>;

/**
 * GET /internal/session-revocations?after=N (served by identity): the sessions revoked after cursor N that
 * have not expired yet, and the cursor to ask from next time (the highest revocation number seen).
 */
export const SESSION_REVOCATIONS_PATH = '/internal/session-revocations';
export const SessionRevocationsAnswer = z.object({
  cursor: z.number().int().nonnegative(),
  revoked: z.array(RevokedSession),
});
export type SessionRevocationsAnswer = z.infer<typeof SessionRevocationsAnswer>;
export const SessionRevocationsQuery = z.object({
  after: z.coerce.number().int().nonnegative().default(0),
});
