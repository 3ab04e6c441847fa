import {
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import type { RootState } from '../app/store';
import { selectToken, sessionEnded } from '../features/session/sessionSlice';
import { errorDetail } from './errorMessage';

/** Options every contract call passes to the base query: public endpoints go without the bearer token. */
export interface CallOptions {
  anonymous: boolean;
}

/** Paths in the contract are absolute (`/api/...`): an empty base URL means the page's own origin. */
const withToken = fetchBaseQuery({
  baseUrl: '',
  prepareHeaders: (headers, { getState }) => {
    const token = selectToken(getState() as RootState);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

const anonymous = fetchBaseQuery({ baseUrl: '' });

export type ApiBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  Partial<CallOptions>,
  FetchBaseQueryMeta
>;

/**
 * Sends the bearer token (except on public endpoints). A signed-in call answered 401 (token expired, session
 * revoked after a password change, a deleted account, ...) ends the session: the login page shows the server's
 * detail.
 */
export const baseQuery: ApiBaseQuery = async (args, api, extraOptions) => {
  if (extraOptions?.anonymous) return anonymous(args, api, {});
  const result = await withToken(args, api, {});
  if (result.error?.status === 401 && selectToken(api.getState() as RootState)) {
    api.dispatch(sessionEnded(errorDetail(result.error) ?? null));
  }
  return result;
};
