import type { ResponseOf } from '../../api/contractTypes';

type SessionUser = ResponseOf<'auth.loginMfa'>['user'];

/** localStorage keys, verbatim from the spec. */
export const TOKEN_KEY = 'authToken';
export const USER_KEY = 'userData';

/**
 * The signed-in user as stored: the contract's session user, with the role kept as a free string because any
 * unknown role means dealer.
 */
export type StoredUser = Omit<SessionUser, 'role'> & { role: string };

export interface StoredSession {
  token: string;
  user: StoredUser;
}

/**
 * The browser's localStorage, or a store in memory for this page where the browser denies it: a third-party frame
 * (the embed widget's locator on a dealer's site) when third-party storage is blocked, where merely reading
 * `window.localStorage` throws.
 */
export function browserStorage(): Storage {
  try {
    return window.localStorage;
  } catch {
    memoryStorage ??= inMemoryStorage();
    return memoryStorage;
  }
}

let memoryStorage: Storage | undefined;

function inMemoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
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

/**
 * Checked by hand rather than with the contract's zod schema: this runs on every page load, and the first
 * chunk stays free of zod (docs/benchmarks.md, first load).
 */
function parseUser(userData: string): StoredUser | null {
  try {
    const value: unknown = JSON.parse(userData);
    if (typeof value !== 'object' || value === null) return null;
    const { email, full_name, role, dealer_id } = value as Record<string, unknown>;
    if (typeof email !== 'string' || typeof full_name !== 'string' || typeof role !== 'string') return null;
    if (dealer_id !== null && typeof dealer_id !== 'string') return null;
    return { email, full_name, role, dealer_id };
  } catch {
    return null;
  }
}
