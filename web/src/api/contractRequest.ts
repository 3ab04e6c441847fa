import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { ContractRoute } from './contractRoutes';

/** Everything `ArgOf` can hold, as the request builder sees it. */
export interface AnyArg {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The request of a call: method, the path with its parameters filled in (URL-encoded), query string and body. */
export function contractRequest(route: ContractRoute, arg: AnyArg | undefined): FetchArgs {
  const { params, query, body } = arg ?? {};
  const url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${route.path}`);
    return encodeURIComponent(String(value));
  });
  const request: FetchArgs = { url, method: route.method };
  if (query) request.params = query;
  if (body !== undefined) request.body = body;
  return request;
}

/** Leaves out parameters the user left blank (an empty search, no status chosen): the server refuses nothing. */
export function withoutBlanks(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}
