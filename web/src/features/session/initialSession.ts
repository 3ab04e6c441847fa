import type { SessionState } from './sessionState';
import { readStoredSession } from './storedSession';
import { dashboardFor, LOCATOR_VIEW_PARAM } from './view';

/**
 * The view on load, per the spec: an invitation link opens dealer signup; else a stored session opens the
 * role's dashboard; else landing.
 */
export function initialSession(search: string, storage: Storage): SessionState {
  const params = new URLSearchParams(search);
  if (params.get('action') === 'dealer-signup' && params.has('token')) {
    return { view: 'dealer-signup', token: null, user: null, signupToken: params.get('token') ?? '' };
  }
  const stored = readStoredSession(storage);
  // the public dealer locator (a shared link, the embed widget's frame) opens as itself, signed in or not
  if (params.get('view') === LOCATOR_VIEW_PARAM) {
    return { view: 'dealer-locator', token: stored?.token ?? null, user: stored?.user ?? null, signupToken: null };
  }
  if (stored) return { view: dashboardFor(stored.user.role), ...stored, signupToken: null };
  return { view: 'landing', token: null, user: null, signupToken: null };
}
