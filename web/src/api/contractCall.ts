import { type EndpointDef, fillPath } from '@portal/contracts';
import type { FetchArgs } from '@reduxjs/toolkit/query/react';

/** Options every call passes to the base query: public endpoints go without the bearer token. */
export interface CallOptions {
  anonymous: boolean;
}

/** The request for a contract endpoint: its method, and its path with the parameters filled in. */
export function contractCall(
  def: EndpointDef,
  options: { params?: Record<string, string | number>; body?: unknown } = {},
): FetchArgs {
  const url = options.params ? fillPath(def.path, options.params) : def.path;
  return options.body === undefined ? { url, method: def.method } : { url, method: def.method, body: options.body };
}

/** Whether a contract endpoint is called without a token (login, public company settings, ...). */
export function callOptions(def: EndpointDef): CallOptions {
  return { anonymous: def.access.kind === 'public' };
}
