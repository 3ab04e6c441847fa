import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { requestContext } from '../log/logger';

const VALID_ID = /^[\w.:-]{1,128}$/;

/** Takes the gateway's x-request-id (or makes one), echoes it, and logs one line per request. */
export function requestContextMiddleware(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.header('x-request-id');
    const requestId = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    requestContext.run({ requestId }, () => {
      res.on('finish', () => {
        if (req.path === '/healthz' || req.path === '/readyz') return;
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const level = res.statusCode >= 500 ? 'error' : 'info';
        logger[level](
          { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
          'request',
        );
      });
      next();
    });
  };
}
