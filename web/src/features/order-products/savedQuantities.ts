/**
 * The quantities a dealer has typed on Order Products, kept in localStorage until the order is sent or cleared, so
 * switching tabs or reloading loses nothing. One key per signed-in user, so a shared computer never shows one
 * dealer's cart to the next; sign-out removes every saved cart. Kept free of zod and the contract (it is read by
 * the session effects, in the first chunk).
 */

const PREFIX = 'orderQuantities:';
const MAX = 100;

/** The key of one user's saved quantities. */
export function savedQuantitiesKey(userKey: string): string {
  return `${PREFIX}${userKey}`;
}

/**
 * The saved quantities of a user: product id → a whole number from 1 to 100. Unparseable data (not JSON, not an
 * object, a value that is no such number) is ignored and removed, never half-used.
 */
export function loadSavedQuantities(storage: Storage, userKey: string): Record<string, number> {
  const key = savedQuantitiesKey(userKey);
  const text = storage.getItem(key);
  if (text === null) return {};
  const parsed = parseQuantities(text);
  if (!parsed) storage.removeItem(key);
  return parsed ?? {};
}

function parseQuantities(text: string): Record<string, number> | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const quantities: Record<string, number> = {};
    for (const [productId, quantity] of Object.entries(value)) {
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 0 || quantity > MAX) return null;
      if (quantity > 0) quantities[productId] = quantity;
    }
    return quantities;
  } catch {
    return null;
  }
}

/** Saves what is chosen (quantities above 0); nothing chosen removes the key. */
export function saveQuantities(storage: Storage, userKey: string, quantities: Readonly<Record<string, number>>): void {
  const chosen = Object.fromEntries(Object.entries(quantities).filter(([, quantity]) => quantity > 0));
  const key = savedQuantitiesKey(userKey);
  try {
    if (Object.keys(chosen).length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(chosen));
  } catch {
    // storage full or denied: the quantities stay on screen, only a reload would lose them
  }
}

/** Every user's saved quantities removed (sign-out). */
export function clearAllSavedQuantities(storage: Storage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/** The key of the note Order Again leaves for Order Products (removed at sign-out with the quantities). */
const reorderNoticeKey = (userKey: string) => `${PREFIX}reorder-notice:${userKey}`;

/** Order Again's note of the products it could not add, for Order Products to show once; null removes it. */
export function saveReorderNotice(storage: Storage, userKey: string, notice: string | null): void {
  try {
    if (notice === null) storage.removeItem(reorderNoticeKey(userKey));
    else storage.setItem(reorderNoticeKey(userKey), notice);
  } catch {
    // storage full or denied: the products are still filled, only the note is lost
  }
}

/** The note Order Again left, or null. */
export function readReorderNotice(storage: Storage, userKey: string): string | null {
  return storage.getItem(reorderNoticeKey(userKey));
}
