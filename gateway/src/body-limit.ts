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
 * How far past its limit a refused body is still read (and dropped) so that its sender gets the 413; a bigger
 * one gets the 413 at once and the connection closed, which a client still sending may see as a reset.
 */
export const DRAIN_PAST_LIMIT_BYTES = 10 * 1024 * 1024;
/** How long a refused body may pause before the 413 is sent without waiting for the rest. */
export const DRAIN_QUIET_MS = 1000;

/**
 * Refuses a body declared (Content-Length) larger than the endpoint's limit with 413; nothing is forwarded.
 * Node's and Python's clients send the whole body before they read an answer, and an answer followed by
 * closing the connection under their unsent body reaches them as a reset (EPIPE): the body is read and dropped
 * first, then answered, unless it is more than DRAIN_PAST_LIMIT_BYTES past the limit or pauses DRAIN_QUIET_MS.
 */
export function declaredBodyLimit() {
  return (req: Request, res: Response, next: NextFunction) => {
    const endpoint = matchedEndpoint(req);
    const declared = req.headers['content-length'];
    if (!endpoint || declared === undefined) return next();
    const limit = bodyLimitOf(endpoint);
    if (Number(declared) <= limit) return next();
    res.setHeader('Connection', 'close');
    if (Number(declared) > limit + DRAIN_PAST_LIMIT_BYTES) return sendError(res, tooLarge(limit));
    // a client that stops sending (or waits for an answer first) is answered once it has been quiet a moment,
    // so a stalled body never holds the connection open until the server's request timeout
    let quiet: NodeJS.Timeout | undefined;
    const answer = () => {
      clearTimeout(quiet);
      if (!res.headersSent) sendError(res, tooLarge(limit));
    };
    const waitQuiet = () => {
      clearTimeout(quiet);
      quiet = setTimeout(answer, DRAIN_QUIET_MS);
    };
    req.on('data', waitQuiet);
    req.on('end', answer);
    req.on('close', () => clearTimeout(quiet));
    waitQuiet();
    req.resume();
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
