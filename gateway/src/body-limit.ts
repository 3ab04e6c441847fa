import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { EndpointDef } from '@portal/contracts';
import { HttpError, sendError } from '@portal/platform';
import type { NextFunction, Request, Response } from 'express';
import { matchedEndpoint } from './edge-auth';

/** What a multipart form may carry besides its files: text fields, part headers, boundaries. */
export const FORM_ALLOWANCE_BYTES = 64 * 1024;
/** The services' JSON limit for an endpoint that declares none (contract-router's default). */
const DEFAULT_BODY_BYTES = 2 * 1024 * 1024;

/**
 * The largest body the gateway forwards to an endpoint: its files' sizes (the contract's `maxBytes`) or its
 * `maxBodyBytes`, plus the form allowance. The service checks the exact sizes again; this keeps a body
 * that cannot succeed from ever reaching it.
 */
export function bodyLimitOf(endpoint: EndpointDef): number {
  const files = endpoint.files ?? [];
  const payload = files.length
    ? files.reduce((sum, part) => sum + part.maxBytes, 0)
    : (endpoint.maxBodyBytes ?? DEFAULT_BODY_BYTES);
  return payload + FORM_ALLOWANCE_BYTES;
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `The request body is too large: at most ${limit} bytes are accepted here.`);
}

/**
 * Refuses a body declared (Content-Length) larger than the endpoint's limit with 413 before anything is read or
 * forwarded. The connection is closed after the answer, so the unread body is never taken in.
 */
export function declaredBodyLimit() {
  return (req: Request, res: Response, next: NextFunction) => {
    const endpoint = matchedEndpoint(req);
    const declared = req.headers['content-length'];
    if (!endpoint || declared === undefined) return next();
    const limit = bodyLimitOf(endpoint);
    if (Number(declared) <= limit) return next();
    res.setHeader('Connection', 'close');
    sendError(res, tooLarge(limit));
  };
}

/**
 * A body without Content-Length (chunked) is counted as it streams to the service: past the endpoint's limit
 * the upstream request is cut (the service sees an aborted upload) and the caller gets 413.
 */
export function countStreamedBody(req: IncomingMessage, res: ServerResponse, upstream: ClientRequest): void {
  const endpoint = matchedEndpoint(req as Request);
  if (!endpoint || req.headers['content-length'] !== undefined) return;
  const limit = bodyLimitOf(endpoint);
  let seen = 0;
  const count = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen <= limit) return;
    req.off('data', count);
    req.unpipe(upstream);
    upstream.destroy();
    res.setHeader('Connection', 'close');
    sendError(res, tooLarge(limit));
  };
  req.on('data', count);
}
