import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

/** What an upload's answer means: the body of a 2xx, else a failure shaped as RTK Query's (errorMessage.ts reads it). */
export type UploadReply<T> = { data: T } | { error: FetchBaseQueryError };

/** The answer of a finished upload request: parsed JSON, or the error the screens read the `detail` of. */
export function uploadReply<T>(status: number, text: string): UploadReply<T> {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    return status >= 200 && status < 300
      ? { error: { status: 'PARSING_ERROR', originalStatus: status, data: text, error: 'The reply is not JSON' } }
      : { error: { status, data: text } };
  }
  return status >= 200 && status < 300 ? { data: body as T } : { error: { status, data: body } };
}
