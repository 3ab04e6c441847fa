import type { Middleware } from '@reduxjs/toolkit';
import { clearAllSavedQuantities } from '../order-products/savedQuantities';
import { sessionEnded, signedIn, signedOut } from './sessionSlice';
import { browserStorage, clearStoredSession, storeSession } from './storedSession';

/**
 * Side effects of signing in and out on localStorage (a reload keeps the session). A plain middleware rather
 * than RTK's listener middleware, which would add 2 KB to the first load for two effects. (The API cache is
 * forgotten by api/apiSlice.ts.)
 */
export const sessionEffects: Middleware = () => (next) => (action) => {
  const result = next(action);
  if (signedIn.match(action)) storeSession(browserStorage(), action.payload);
  if (signedOut.match(action) || sessionEnded.match(action)) clearStoredSession(browserStorage());
  // a dealer's unsent cart is theirs: the next person at this computer never sees it
  if (signedOut.match(action)) clearAllSavedQuantities(browserStorage());
  return result;
};
