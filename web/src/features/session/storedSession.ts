import { endpoints } from '@portal/contracts';
import { z } from 'zod';

/** localStorage keys, verbatim from the spec. */
export const TOKEN_KEY = 'authToken';
export const USER_KEY = 'userData';

/** The session user of the contract, as the login call answers it. */
const SessionUser = endpoints['auth.login'].response.shape.user;

/** The signed-in user as stored; the role stays a free string because any unknown role means dealer. */
export const StoredUser = SessionUser.extend({ role: z.string() });
export type StoredUser = z.infer<typeof StoredUser>;

export interface StoredSession {
  token: string;
  user: StoredUser;
}

/** The stored session when both parts exist and parse; unparseable data is cleared. */
export function readStoredSession(storage: Storage): StoredSession | null {
  const token = storage.getItem(TOKEN_KEY);
  const userData = storage.getItem(USER_KEY);
  if (!token || !userData) return null;
  const user = parseUser(userData);
  if (!user) {
    clearStoredSession(storage);
    return null;
  }
  return { token, user };
}

export function storeSession(storage: Storage, session: StoredSession): void {
  storage.setItem(TOKEN_KEY, session.token);
  storage.setItem(USER_KEY, JSON.stringify(session.user));
}

export function clearStoredSession(storage: Storage): void {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(USER_KEY);
}

function parseUser(userData: string): StoredUser | null {
  try {
    const parsed = StoredUser.safeParse(JSON.parse(userData));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
