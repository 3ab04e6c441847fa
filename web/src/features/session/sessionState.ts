import type { StoredUser } from './storedSession';

/** Who is signed in. Where the user is comes from the address (app/navigation), not from here. */
export interface SessionState {
  /** the bearer token, kept as `authToken` */
  token: string | null;
  /** the signed-in user, kept as `userData` */
  user: StoredUser | null;
  /** why the last session ended when the server ended it (shown on the login page), e.g. a revoked session */
  endedNotice?: string | null;
}
