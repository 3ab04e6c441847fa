import type { StoredUser } from './storedSession';
import type { View } from './view';

/** The session: which view shows, and who is signed in. */
export interface SessionState {
  view: View;
  /** the bearer token, kept as `authToken` */
  token: string | null;
  /** the signed-in user, kept as `userData` */
  user: StoredUser | null;
  /** the invitation token of a dealer-signup link */
  signupToken: string | null;
  /** why the last session ended when the server ended it (shown on the login page), e.g. a revoked session */
  endedNotice?: string | null;
}
