import type { AnyArg } from '../../api/contractRequest';
import { contractRequest } from '../../api/contractRequest';
import type { EndpointId } from '../../api/contractRoutes';
import type { ArgOf, ResponseOf } from '../../api/contractTypes';
import { routes } from '../../api/routes';
import { store } from '../../app/store';
import { selectToken, sessionEnded } from '../session/sessionSlice';

/** A call's answer: the body of a 2xx, or the status ('network' when nothing came back) and the server's detail. */
export type CallResult<T> = { ok: true; data: T } | { ok: false; status: number | 'network'; detail: string | null };

/**
 * One signed-in contract call with fetch, outside RTK Query's cache: the driver's routes are kept by this feature
 * (per user, for offline use), and queued actions carry their Idempotency-Key header. A 401 ends the session as
 * every other call does.
 */
export async function deliveryCall<Id extends EndpointId>(
  id: Id,
  arg: ArgOf<Id>,
  options: { idempotencyKey?: string } = {},
): Promise<CallResult<ResponseOf<Id>>> {
  const route = routes[id];
  const request = contractRequest(route, arg as AnyArg | undefined);
  const token = selectToken(store.getState());
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers.set('Content-Type', 'application/json');
  }
  const query = request.params ? queryString(request.params as Record<string, unknown>) : '';
  let response: Response;
  try {
    response = await fetch(`${request.url}${query}`, {
      method: request.method ?? 'GET',
      headers,
      body,
      cache: 'no-store',
    });
  } catch {
    return { ok: false, status: 'network', detail: null };
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  if (response.ok) return { ok: true, data: parsed as ResponseOf<Id> };
  const detail =
    typeof parsed === 'object' && parsed !== null && 'detail' in parsed && typeof parsed.detail === 'string'
      ? parsed.detail
      : null;
  if (response.status === 401 && token) store.dispatch(sessionEnded(detail));
  return { ok: false, status: response.status, detail };
}

function queryString(params: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
