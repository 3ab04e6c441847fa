import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { type AnyArg, contractRequest } from './contractRequest';
import type { ArgOf, PublicEndpointId, ResponseOf } from './contractTypes';
import { publicRoutes } from './publicRoutes';

/** A call's outcome, shaped like RTK Query's so the same message helpers read both (api/errorMessage.ts). */
export type PublicCallResult<T> = { data: T; error?: undefined } | { data?: undefined; error: FetchBaseQueryError };

/**
 * Calls a public endpoint (no token) with plain `fetch`: what the landing and login pages need, without the
 * RTK Query machinery, which loads with the first signed-in screen. Argument and response types come from the
 * contract declaration, as for `contractQuery` / `contractMutation`.
 */
export async function publicCall<Id extends PublicEndpointId>(
  id: Id,
  arg: ArgOf<Id>,
): Promise<PublicCallResult<ResponseOf<Id>>> {
  const request = contractRequest(publicRoutes[id], arg as AnyArg | undefined);
  const query = request.params ? `?${new URLSearchParams(request.params as Record<string, string>)}` : '';
  let response: Response;
  try {
    response = await fetch(request.url + query, {
      method: request.method,
      headers: request.body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch (cause) {
    return { error: { status: 'FETCH_ERROR', error: String(cause) } };
  }
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    if (response.ok)
      return { error: { status: 'PARSING_ERROR', originalStatus: response.status, data: text, error: 'not JSON' } };
  }
  return response.ok ? { data: data as ResponseOf<Id> } : { error: { status: response.status, data } };
}
