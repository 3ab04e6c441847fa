import type { FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { AppDispatch, RootState } from '../app/store';
import { selectToken, sessionEnded } from '../features/session/sessionSlice';
import { apiSlice } from './apiSlice';
import { type AnyArg, contractRequest } from './contractRequest';
import type { EndpointId } from './contractRoutes';
import type { ArgOf, ResponseOf } from './contractTypes';
import { errorDetail } from './errorMessage';
import { routes } from './routes';
import type { TagType } from './tags';
import { uploadReply } from './uploadReply';

interface UploadOptions {
  /** called as the request body goes out, with the fraction sent (0 to 1) */
  onProgress?: (fraction: number) => void;
  /** the cached reads the upload changes (refetched after a success, as a mutation's tags would be) */
  invalidatesTags?: readonly TagType[];
  /** aborts the upload (answered as a network failure) */
  signal?: AbortSignal;
}

/**
 * Sends a multipart contract call with XMLHttpRequest, which (unlike fetch) reports upload progress: the same
 * method, path and bearer token as the call through RTK Query, the same failure shapes, a 401 ends the session,
 * and `invalidatesTags` refresh the lists it changed. Dispatched as a thunk; resolves with the reply's body and
 * rejects with a `FetchBaseQueryError` (network failure: FETCH_ERROR).
 */
export function uploadWithProgress<Id extends EndpointId>(id: Id, arg: ArgOf<Id>, options: UploadOptions = {}) {
  return (dispatch: AppDispatch, getState: () => RootState): Promise<ResponseOf<Id>> => {
    const route = routes[id];
    const request = contractRequest(route, arg as AnyArg);
    const token = route.anonymous ? null : selectToken(getState());
    const query = request.params ? `?${new URLSearchParams(request.params as Record<string, string>)}` : '';

    return new Promise<ResponseOf<Id>>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const networkFailure = (error: string) => reject({ status: 'FETCH_ERROR', error } satisfies FetchBaseQueryError);
      xhr.open(request.method ?? 'POST', `${request.url}${query}`);
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
      };
      xhr.onerror = () => networkFailure('Network error');
      xhr.onabort = () => networkFailure('Upload cancelled');
      xhr.ontimeout = () => networkFailure('Upload timed out');
      xhr.onload = () => {
        const reply = uploadReply<ResponseOf<Id>>(xhr.status, xhr.responseText);
        if ('data' in reply) {
          if (options.invalidatesTags?.length) dispatch(apiSlice.util.invalidateTags([...options.invalidatesTags]));
          resolve(reply.data);
          return;
        }
        if (reply.error.status === 401 && token) dispatch(sessionEnded(errorDetail(reply.error) ?? null));
        reject(reply.error);
      };
      options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(request.body as XMLHttpRequestBodyInit);
    });
  };
}
