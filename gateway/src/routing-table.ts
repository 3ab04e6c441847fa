import type { EndpointDef, HttpMethod } from '@portal/contracts';

/** What the routing table says about a request. */
export type RouteMatch =
  | { kind: 'endpoint'; endpoint: EndpointDef; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: HttpMethod[] }
  | { kind: 'not-found' };

type Segment = { literal: string } | { param: string };

interface CompiledRoute {
  endpoint: EndpointDef;
  segments: Segment[];
  literalCount: number;
}

export interface RoutingTable {
  /** `path` is the raw request path (no query), exactly as it will be forwarded. */
  match(method: string, path: string): RouteMatch;
}

function compile(endpoint: EndpointDef): CompiledRoute {
  const segments = endpoint.path
    .split('/')
    .slice(1)
    .map((s): Segment => {
      const param = /^\{(\w+)\}$/.exec(s);
      return param?.[1] ? { param: param[1] } : { literal: s };
    });
  return { endpoint, segments, literalCount: segments.filter((s) => 'literal' in s).length };
}

/** A parameter is one whole, non-empty path segment; `.`/`..` are refused so no one can walk up a path. */
function decodeParam(raw: string): string | null {
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return value === '.' || value === '..' ? null : value;
}

function matchSegments(route: CompiledRoute, parts: string[]): Record<string, string> | null {
  if (parts.length !== route.segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of route.segments.entries()) {
    const part = parts[i] ?? '';
    if ('literal' in segment) {
      if (part !== segment.literal) return null;
      continue;
    }
    const value = decodeParam(part);
    if (value === null) return null;
    params[segment.param] = value;
  }
  return params;
}

/**
 * The gateway's routing table, compiled from the contract's endpoints (no hand-kept list of paths).
 * Matching is exact and case-sensitive on the raw path, so what is checked is what is forwarded;
 * when several paths fit, the one with more literal segments wins.
 */
export function createRoutingTable(endpoints: readonly EndpointDef[]): RoutingTable {
  const routes = endpoints.map(compile).sort((a, b) => b.literalCount - a.literalCount);
  return {
    match(method, path) {
      const parts = path.split('/').slice(1);
      // HEAD is answered by the GET endpoint, as Express does.
      const wanted = method === 'HEAD' ? 'GET' : method;
      const allowed: HttpMethod[] = [];
      for (const route of routes) {
        const params = matchSegments(route, parts);
        if (!params) continue;
        if (route.endpoint.method === wanted) return { kind: 'endpoint', endpoint: route.endpoint, params };
        if (!allowed.includes(route.endpoint.method)) allowed.push(route.endpoint.method);
      }
      return allowed.length ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
    },
  };
}
