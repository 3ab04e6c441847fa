import type { ServerResponse } from 'node:http';
import { HttpError } from '@portal/platform';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

/** Answers `{ detail }` JSON (the shape the web client shows) unless the response already started. */
export function sendError(res: ServerResponse, error: HttpError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const retryAfter = error.extra.retry_after;
  if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
  if (error.status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
  const body = JSON.stringify(error.toBody());
  res.statusCode = error.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}

/** The last middleware: known errors answer their status; anything else is logged and hidden behind a 500. */
export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof HttpError) return sendError(res, err);
    const status = (err as { status?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendError(res, new HttpError(status, 'The request could not be understood'));
    }
    logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
    sendError(res, new HttpError(500, 'Something went wrong on our side. Please try again.'));
  };
}
