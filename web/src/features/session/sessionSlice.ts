import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { initialSession } from './initialSession';
import type { StoredSession, StoredUser } from './storedSession';
import { dashboardFor, type PublicView, type View } from './view';

export interface SessionState {
  view: View;
  /** the bearer token, kept as `authToken` */
  token: string | null;
  /** the signed-in user, kept as `userData` */
  user: StoredUser | null;
  /** the invitation token of a dealer-signup link */
  signupToken: string | null;
}

/** Why the session ended: a logout returns to landing, an expired token asks to sign in again. */
export type SignOutReason = 'logout' | 'expired';

export const sessionSlice = createSlice({
  name: 'session',
  initialState: () => initialSession(window.location.search, window.localStorage),
  reducers: {
    signedIn(state, action: PayloadAction<StoredSession>) {
      state.token = action.payload.token;
      state.user = action.payload.user;
      state.view = dashboardFor(action.payload.user.role);
    },
    signedOut(state, action: PayloadAction<SignOutReason>) {
      state.token = null;
      state.user = null;
      state.view = action.payload === 'expired' ? 'login' : 'landing';
    },
    publicViewOpened(state, action: PayloadAction<PublicView>) {
      state.view = action.payload;
    },
  },
  selectors: {
    selectView: (state) => state.view,
    selectToken: (state) => state.token,
    selectUser: (state) => state.user,
    selectSignupToken: (state) => state.signupToken,
  },
});

export const { signedIn, signedOut, publicViewOpened } = sessionSlice.actions;
export const { selectView, selectToken, selectUser, selectSignupToken } = sessionSlice.selectors;
