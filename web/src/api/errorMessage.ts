import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** The server's `detail` of a failed call, when it sent one (every error body is `{ detail }`). */
export function errorDetail(error: FetchBaseQueryError | SerializedError | undefined): string | undefined {
  if (!error || !('status' in error)) return undefined;
  const data: unknown = error.data;
  if (typeof data === 'object' && data !== null && 'detail' in data && typeof data.detail === 'string') {
    return data.detail;
  }
  return undefined;
}

/** Whether a call failed before any answer came back (offline, refused, timed out). */
export function isNetworkError(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  return !!error && 'status' in error && (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR');
}
