import { type BodyOf, type EndpointDef, fillPath, type ResponseOf } from '@portal/contracts';
import type { z } from 'zod';
import { HttpError } from './errors';

/**
 * A call of another service that failed. `status` is what the caller may answer: the other service's own
 * refusal (4xx) as it is, anything else (no answer, a timeout, a 5xx, an answer unlike the contract) 502.
 * `remoteStatus` is the other service's status (undefined when it did not answer) and `remoteDetail` the
 * `detail` it gave, if any.
 */
export class ServiceCallError extends HttpError {
  constructor(
    readonly endpointId: string,
    readonly remoteStatus: number | undefined,
    readonly remoteDetail: string | undefined,
    detail: string,
  ) {
    super(remoteStatus !== undefined && remoteStatus >= 400 && remoteStatus < 500 ? remoteStatus : 502, detail);
    this.name = 'ServiceCallError';
  }

  /** Whether the other service answered and refused the request itself (a 4xx with a detail). */
  get refused(): boolean {
    return this.status < 500 && this.remoteDetail !== undefined;
  }
}

/** One call of an endpoint: its path parameters, its JSON body, the caller's Authorization header. */
export interface ServiceCall<E extends EndpointDef> {
  params?: Record<string, string | number>;
  body?: E extends EndpointDef<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : BodyOf<E>;
  /** forwarded as it came (an admin's own token): the other service checks it like any other call */
  authorization?: string;
  /** the whole call, answer included */
  timeoutMs: number;
}

/** A typed client of another service's endpoints (contract or internal), at one base URL. */
export interface ServiceClient {
  /** Answers the endpoint's parsed JSON response; throws a ServiceCallError when the call fails. */
  call<E extends EndpointDef>(endpoint: E, call: ServiceCall<E>): Promise<ResponseOf<E>>;
}

async function send(baseUrl: string, endpoint: EndpointDef, call: ServiceCall<EndpointDef>): Promise<Response> {
  const path = call.params ? fillPath(endpoint.path, call.params) : endpoint.path;
  const headers: Record<string, string> = {};
  if (call.authorization) headers.authorization = call.authorization;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  try {
    return await fetch(new URL(path, baseUrl), {
      method: endpoint.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch (err) {
    throw new ServiceCallError(
      endpoint.id,
      undefined,
      undefined,
      `${endpoint.owner} did not answer: ${(err as Error).message}`,
    );
  }
}

export function serviceClient(baseUrl: string): ServiceClient {
  return {
    async call<E extends EndpointDef>(endpoint: E, call: ServiceCall<E>): Promise<ResponseOf<E>> {
      const res = await send(baseUrl, endpoint, call as ServiceCall<EndpointDef>);
      const body: unknown = await res.json().catch(() => undefined);
      if (!res.ok) {
        const detail = (body as { detail?: unknown } | undefined)?.detail;
        const remoteDetail = typeof detail === 'string' && detail ? detail : undefined;
        throw new ServiceCallError(
          endpoint.id,
          res.status,
          remoteDetail,
          remoteDetail ?? `${endpoint.owner} answered ${res.status}`,
        );
      }
      const parsed = endpoint.response.safeParse(body);
      if (!parsed.success)
        throw new ServiceCallError(
          endpoint.id,
          res.status,
          undefined,
          `${endpoint.owner} answered unlike ${endpoint.id}`,
        );
      return parsed.data as ResponseOf<E>;
    },
  };
}
