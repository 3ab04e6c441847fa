import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { initialSession } from './initialSession';
import { browserStorage, type StoredSession } from './storedSession';
import { dashboardFor, type PublicView } from './view';

/** Shown when the server ends a session without saying why. */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export const sessionSlice = createSlice({
  name: 'session',
  initialState: () => initialSession(window.location.search, browserStorage()),
  reducers: {
    signedIn(state, action: PayloadAction<StoredSession>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.view = dashboardFor(action.payload.user.role);
      state.endedNotice = null;
    },
    /** The user signed out: back to landing. */
    signedOut(state) {
      state.token = null;
      state.user = null;
      state.view = 'landing';
      state.endedNotice = null;
    },
    /** The server answered 401 to a signed-in call (expired or revoked): sign in again, told why. */
    sessionEnded(state, action: PayloadAction<string | null>) {
      state.token = null;
      state.user = null;
      state.view = 'login';
      state.endedNotice = action.payload || SESSION_ENDED;
    },
    publicViewOpened(state, action: PayloadAction<PublicView>) {
      state.view = action.payload;
      state.endedNotice = null;
    },
    /** Back from a public view (the dealer locator): the signed-in user's dashboard, else landing. */
    publicViewLeft(state) {
      state.view = state.user && state.token ? dashboardFor(state.user.role) : 'landing';
    },
  },
  selectors: {
    selectView: (state) => state.view,
    selectToken: (state) => state.token,
    selectUser: (state) => state.user,
    selectSignupToken: (state) => state.signupToken,
    selectEndedNotice: (state) => state.endedNotice ?? null,
  },
});

export const { signedIn, signedOut, sessionEnded, publicViewOpened, publicViewLeft } = sessionSlice.actions;
export const { selectView, selectToken, selectUser, selectSignupToken, selectEndedNotice } = sessionSlice.selectors;
