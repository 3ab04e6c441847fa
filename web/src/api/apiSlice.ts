import {
  type BaseQueryFn,
  createApi,
  type FetchArgs,
  type FetchBaseQueryError,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import type { RootState } from '../app/store';
import { selectToken, signedOut } from '../features/session/sessionSlice';
import type { CallOptions } from './contractCall';

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

/** Sends the bearer token (except on public endpoints) and signs out when a signed-in call answers 401. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, Partial<CallOptions>> = async (
  args,
  api,
  extraOptions,
) => {
  if (extraOptions?.anonymous) return anonymous(args, api, {});
  const result = await withToken(args, api, {});
  // an expired or revoked token: ask the user to sign in again
  if (result.error?.status === 401 && selectToken(api.getState() as RootState)) api.dispatch(signedOut('expired'));
  return result;
};

/** The one API of the client; each feature adds its endpoints with `apiSlice.injectEndpoints`. */
export const apiSlice = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['CompanySettings'],
  endpoints: () => ({}),
});
