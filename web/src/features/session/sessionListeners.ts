import { createListenerMiddleware } from '@reduxjs/toolkit';
import { apiSlice } from '../../api/apiSlice';
import { signedIn, signedOut } from './sessionSlice';
import { clearStoredSession, storeSession } from './storedSession';

/** Side effects of signing in and out: localStorage (a reload keeps the session) and the API cache. */
export const sessionListeners = createListenerMiddleware();

sessionListeners.startListening({
  actionCreator: signedIn,
  effect: (action) => storeSession(window.localStorage, action.payload),
});

sessionListeners.startListening({
  actionCreator: signedOut,
  effect: (_action, api) => {
    clearStoredSession(window.localStorage);
    // the next user must never see data cached for the previous one
    api.dispatch(apiSlice.util.resetApiState());
  },
});
