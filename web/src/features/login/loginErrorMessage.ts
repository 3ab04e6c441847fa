import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { errorDetail, isNetworkError } from '../../api/errorMessage';

/** The spec's login messages: network failure, else the server's detail, else a generic failure. */
export function loginErrorMessage(error: FetchBaseQueryError | SerializedError): string {
  if (isNetworkError(error)) return 'Network error. Please try again.';
  return errorDetail(error) ?? 'Login failed';
}
