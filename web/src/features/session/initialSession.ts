import type { SessionState } from './sessionState';
import { readStoredSession } from './storedSession';

/**
 * The session on load: the stored one, if it parses (unparseable stored data is cleared by
 * readStoredSession). Which screen opens follows from the address and this session (app/navigation/routes.ts
 * resolveAddress: an invitation link opens dealer signup; a stored session on landing opens its dashboard).
 */
export function initialSession(storage: Storage): SessionState {
  const stored = readStoredSession(storage);
  if (stored) return { ...stored };
  return { token: null, user: null };
}
