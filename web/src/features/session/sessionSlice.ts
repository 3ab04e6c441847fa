import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { initialSession } from './initialSession';
import { browserStorage, type StoredSession } from './storedSession';

/** Shown when the server ends a session without saying why. */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export const sessionSlice = createSlice({
  name: 'session',
  initialState: () => initialSession(browserStorage()),
  reducers: {
    signedIn(state, action: PayloadAction<StoredSession>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.endedNotice = null;
    },
    /** The user signed out (sessionApi's signOut then opens landing). */
    signedOut(state) {
      state.token = null;
      state.user = null;
      state.endedNotice = null;
    },
    /**
     * The server answered 401 to a signed-in call (expired or revoked): sign in again, told why. The address
     * stays, so the app shows login with it as `next` and returns there after sign-in.
     */
    sessionEnded(state, action: PayloadAction<string | null>) {
      state.token = null;
      state.user = null;
      state.endedNotice = action.payload || SESSION_ENDED;
    },
  },
  selectors: {
    selectToken: (state) => state.token,
    selectUser: (state) => state.user,
    selectEndedNotice: (state) => state.endedNotice ?? null,
  },
});

export const { signedIn, signedOut, sessionEnded } = sessionSlice.actions;
export const { selectToken, selectUser, selectEndedNotice } = sessionSlice.selectors;
