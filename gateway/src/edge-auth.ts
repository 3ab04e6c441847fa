import type { EndpointDef } from '@portal/contracts';
import { type AuthUser, authorize, HttpError, sendError, setRouteLabel, type TokenVerifier } from '@portal/platform';
import type { NextFunction, Request, Response } from 'express';
import type { RoutingTable } from './routing-table';

const matched = new WeakMap<Request, { endpoint: EndpointDef; caller: AuthUser | null }>();

/** The contract endpoint an /api request was matched to by `edgeAuth` (undefined before it ran). */
export function matchedEndpoint(req: Request): EndpointDef | undefined {
  return matched.get(req)?.endpoint;
}

/**
 * The caller `edgeAuth` verified (null when anonymous, or on a public endpoint with a token that does not
 * verify), so later middleware never verifies the token a second time.
 */
export function verifiedCaller(req: Request): AuthUser | null {
  return matched.get(req)?.caller ?? null;
}

/** The raw path of a request, without its query, exactly as it is forwarded. */
export function rawPath(req: Request): string {
  const q = req.url.indexOf('?');
  return q === -1 ? req.url : req.url.slice(0, q);
}

/**
 * First line of defence for /api: an unknown path answers 404, an undeclared method 405 (with Allow), and
 * the endpoint's access rule is checked against the verified token (401 without a valid token, 403 for a
 * role the contract does not allow, or a dealer asking for another dealer's data). Services check again;
 * the Authorization header is forwarded untouched.
 */
export function edgeAuth(table: RoutingTable, verifier: TokenVerifier) {
  return (req: Request, res: Response, next: NextFunction) => {
    const route = table.match(req.method, rawPath(req));
    if (route.kind === 'not-found') {
      return sendError(res, new HttpError(404, `No such endpoint: ${req.method} ${rawPath(req).slice(0, 200)}`));
    }
    if (route.kind === 'method-not-allowed') {
      res.setHeader('Allow', route.allowed.join(', '));
      return sendError(res, new HttpError(405, `Method ${req.method} is not allowed here`));
    }
    setRouteLabel(res, route.endpoint.id); // the metrics' route label, refused or not
    let caller: AuthUser | null;
    try {
      caller = authorize(route.endpoint.access, req.headers.authorization, verifier, route.params);
    } catch (err) {
      if (err instanceof HttpError) return sendError(res, err);
      throw err;
    }
    matched.set(req, { endpoint: route.endpoint, caller });
    next();
  };
}
