import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { requestContext } from '../log/logger';

/** Ids a caller may choose; anything else (too long, odd characters) is replaced so logs stay clean. */
const VALID_ID = /^[\w.:-]{1,128}$/;
const QUIET_PATHS = new Set(['/healthz', '/readyz']);

export interface RequestContextOptions {
  /** more fields for the request's log line (the gateway names the service it forwarded to) */
  logFields?: (req: Request) => Record<string, unknown>;
}

/**
 * Gives every request an id: the caller's `x-request-id` when well-formed (the gateway's, for a service),
 * else a new UUID. The id is set on the request (so a proxy forwards it), echoed to the caller, carried by
 * every log line of the request, and one line is logged per request (499 when the caller went away first).
 */
export function requestContextMiddleware(logger: Logger, opts: RequestContextOptions = {}) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && VALID_ID.test(incoming) ? incoming : randomUUID();
    req.headers['x-request-id'] = requestId;
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    requestContext.run({ requestId }, () => {
      res.once('close', () => {
        if (QUIET_PATHS.has(req.path)) return;
        const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
        const status = res.writableFinished ? res.statusCode : 499;
        logger[status >= 500 ? 'error' : 'info'](
          { method: req.method, path: req.path, status, ms, ...opts.logFields?.(req) },
          'request',
        );
      });
      next();
    });
  };
}
