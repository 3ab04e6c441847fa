import type { NextFunction, Request, Response } from 'express';
import { MulterError } from 'multer';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { HttpError } from './errors';

/** Turns a zod error into the `{ detail, errors }` answer: the first message is the one shown. */
export function validationError(error: ZodError): HttpError {
  const errors = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = errors[0];
  const detail = first
    ? first.path && !/^Error:/.test(first.message)
      ? `${first.path}: ${first.message}`
      : first.message
    : 'Invalid request';
  return new HttpError(400, detail, { errors });
}

function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof ZodError) return validationError(err);
  if (err instanceof MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE') return new HttpError(413, 'File is too large');
    return new HttpError(400, `Invalid upload: ${err.message}`);
  }
  const e = err as { type?: string; status?: number; expose?: boolean; message?: string };
  if (e?.type === 'entity.parse.failed') return new HttpError(400, 'The request body is not valid JSON');
  if (e?.type === 'entity.too.large') return new HttpError(413, 'The request body is too large');
  if (e?.expose && typeof e.status === 'number' && e.status < 500)
    return new HttpError(e.status, e.message ?? 'Bad request');
  return null;
}

/** The last middleware: every failure answers JSON `{ detail }`; unexpected ones are logged and hidden. */
export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const http = toHttpError(err);
    if (res.headersSent) {
      logger.error({ err, path: req.path }, 'error after the response started');
      res.destroy();
      return;
    }
    if (http) {
      if (http.status === 429 && typeof http.extra.retry_after === 'number')
        res.setHeader('Retry-After', String(http.extra.retry_after));
      res.status(http.status).json(http.toBody());
      return;
    }
    logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json({ detail: 'Something went wrong on our side. Please try again.' });
  };
}
