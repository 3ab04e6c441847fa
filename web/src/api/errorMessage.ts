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

/** What a failed call gives: a query hook's `error`, or what a mutation's `unwrap()` throws. */
export type CallFailure = FetchBaseQueryError | SerializedError;

function isCallFailure(error: unknown): error is CallFailure {
  return typeof error === 'object' && error !== null && ('status' in error || 'message' in error);
}

/** A text with the spec's "Error: " prefix, never twice. */
export function asError(text: string): string {
  return /^error\b/i.test(text) ? text : `Error: ${text}`;
}

/**
 * The spec's message for a failed call (000 §8, 001 §8): the server's detail when it sent one, else the
 * screen's fallback (e.g. 'Failed to archive dealer'), with the "Error: " prefix.
 */
export function failureMessage(error: unknown, fallback: string): string {
  return asError((isCallFailure(error) ? errorDetail(error) : undefined) || fallback);
}
