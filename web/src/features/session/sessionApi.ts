import { apiSlice } from '../../api/apiSlice';
import { contractMutation } from '../../api/contractEndpoint';
import { navigate } from '../../app/navigation/history';
import type { AppDispatch } from '../../app/store';
import { signedOut } from './sessionSlice';

export const sessionApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    logout: contractMutation(build, 'auth.logout'),
  }),
});

/** How long sign-out waits for the server before the browser forgets the token anyway. */
const LOGOUT_WAIT_MS = 5000;

/**
 * Sign out: the server ends the session first (its token stops working on every service), then the browser
 * forgets it and opens landing. A failed or slow call (offline, already ended) still signs out here. The API
 * cache is reset (api/apiSlice.ts), so Back to a private address shows login, not what was on screen.
 */
export function signOut() {
  return async (dispatch: AppDispatch) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise((resolve) => {
      timer = setTimeout(resolve, LOGOUT_WAIT_MS);
    });
    await Promise.race([dispatch(sessionApi.endpoints.logout.initiate()), waited]);
    clearTimeout(timer);
    dispatch(signedOut());
    navigate('/');
  };
}
