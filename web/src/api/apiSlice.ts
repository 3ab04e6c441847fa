import type { Middleware, WithSlice } from '@reduxjs/toolkit';
import { createApi, setupListeners } from '@reduxjs/toolkit/query/react';
import { dynamicMiddleware, rootReducer, store } from '../app/store';
import { sessionEnded, signedOut } from '../features/session/sessionSlice';
import { baseQuery } from './baseQuery';
import { TAG_TYPES } from './tags';

/**
 * The one API of the client. Each feature adds its endpoints with `apiSlice.injectEndpoints`, one line per
 * endpoint with `contractQuery` / `contractMutation` (./contractEndpoint.ts). It is loaded with the first screen
 * that calls a signed-in endpoint (or dealer signup), and joins the store then.
 */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});

declare module '../app/store' {
  export interface LazyLoadedSlices extends WithSlice<typeof apiSlice> {}
}

/** The next user must never see data cached for the previous one. */
const forgetOnSignOut: Middleware = (api) => (next) => (action) => {
  const result = next(action);
  if (signedOut.match(action) || sessionEnded.match(action)) api.dispatch(apiSlice.util.resetApiState());
  return result;
};

rootReducer.inject(apiSlice);
dynamicMiddleware.addMiddleware(apiSlice.middleware, forgetOnSignOut);
// the API's state exists from now on (the injected reducer runs on the next action)
store.dispatch(apiSlice.util.resetApiState());
// lets queries that ask for it refetch when the tab becomes visible again (`visibilitychange`)
setupListeners(store.dispatch);
