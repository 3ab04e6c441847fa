import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { errorDetail } from '../../api/errorMessage';

/** What a thrown `unwrap()` failure looks like. */
export type CallFailure = FetchBaseQueryError | SerializedError;

function isCallFailure(error: unknown): error is CallFailure {
  return typeof error === 'object' && error !== null && ('status' in error || 'message' in error);
}

/**
 * The admin dealer screens' wording (000 §8): 'Error: ' plus the server's detail, else 'Error: ' plus the
 * screen's fallback (e.g. 'Failed to archive dealer'). A detail that already says Error is kept as is.
 */
export function failureMessage(error: unknown, fallback: string): string {
  const detail = isCallFailure(error) ? errorDetail(error) : undefined;
  if (!detail) return `Error: ${fallback}`;
  return /^error/i.test(detail) ? detail : `Error: ${detail}`;
}
