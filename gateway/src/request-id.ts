import { randomUUID } from 'node:crypto';
import { requestContext } from '@portal/platform';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { matchedEndpoint } from './edge-auth';

/** Ids a client may choose; anything else (too long, odd characters) is replaced so logs stay clean. */
const VALID_ID = /^[\w.:-]{1,128}$/;
const QUIET_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Gives every request an id: the caller's `x-request-id` when well-formed, else a new UUID. The id is
 * forwarded to the service (request header), echoed to the caller, carried by every log line of the
 * request, and one line is logged per request.
 */
export function requestId(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && VALID_ID.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('x-request-id', id);
    const started = process.hrtime.bigint();
    requestContext.run({ requestId: id }, () => {
      res.once('close', () => {
        if (QUIET_PATHS.has(req.path)) return;
        const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
        const status = res.writableFinished ? res.statusCode : 499;
        const upstream = matchedEndpoint(req)?.owner;
        logger[status >= 500 ? 'error' : 'info'](
          { method: req.method, path: req.path, status, ms, upstream },
          'request',
        );
      });
      next();
    });
  };
}
