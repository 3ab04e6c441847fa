import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { MulterError } from 'multer';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import { HttpError } from './errors';

/** Turns a zod error into the `{ detail, errors }` answer: the first message is the one shown. */
/**
 * The spec's messages are whole sentences for people ('Error: ...', 'Please ...') and are answered verbatim;
 * any other message (zod's own, or a fragment such as 'contains characters that cannot be stored') is
 * prefixed with the field it is about.
 */
const SENTENCE_FOR_PEOPLE = /^(Error:|Please )/;

export function validationError(error: ZodError): HttpError {
  const errors = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = errors[0];
  const detail = first
    ? first.path && !SENTENCE_FOR_PEOPLE.test(first.message)
      ? `${first.path}: ${first.message}`
      : first.message
    : 'Invalid request';
  return new HttpError(400, detail, { errors });
}

/** What multer's limits mean to the person who sent the form. */
const MULTER_DETAILS: Record<string, [number, string]> = {
  LIMIT_FILE_SIZE: [413, 'File is too large'],
  LIMIT_PART_COUNT: [413, 'The form has too many parts'],
  LIMIT_FILE_COUNT: [413, 'The form has too many files'],
  LIMIT_FIELD_COUNT: [413, 'The form has too many fields'],
  LIMIT_FIELD_KEY: [400, 'A form field name is too long'],
  LIMIT_FIELD_VALUE: [413, 'A form field is too long'],
  LIMIT_UNEXPECTED_FILE: [400, 'The form has a file this endpoint does not take'],
  MISSING_FIELD_NAME: [400, 'A form field has no name'],
};

/** body-parser's error types (express.json / express.urlencoded). */
const BODY_PARSER_DETAILS: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'The request body is not valid JSON'],
  'entity.too.large': [413, 'The request body is too large'],
  'entity.verify.failed': [400, 'The request body could not be read'],
  'encoding.unsupported': [415, 'The request body has an unsupported content encoding'],
  'charset.unsupported': [415, 'The request body has an unsupported character set'],
  'parameters.too.many': [413, 'The form has too many fields'],
  'request.aborted': [400, 'The request body was cut off before it ended'],
  'request.size.invalid': [400, 'The request body is shorter or longer than its Content-Length'],
  'stream.encoding.set': [500, 'Something went wrong on our side. Please try again.'],
};

/**
 * What busboy (multer's parser) throws for a broken multipart body: no boundary, a body cut off, a malformed
 * part. It throws plain Errors, told apart by message only.
 */
const BROKEN_MULTIPART =
  /^(Multipart: Boundary not found|Unexpected end of (form|file)|Malformed part header|Malformed urlencoded form|Unsupported content type|Missing Content-Type)/i;

/** The HTTP answer an error means, or null for an unexpected failure (answered 500 and logged). */
export function toHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof ZodError) return validationError(err);
  if (err instanceof MulterError) {
    const [status, detail] = MULTER_DETAILS[err.code] ?? [400, 'The form could not be read'];
    return new HttpError(status, detail);
  }
  const e = err as { type?: string; status?: number; expose?: boolean; message?: string };
  if (typeof e?.type === 'string' && BODY_PARSER_DETAILS[e.type]) {
    const [status, detail] = BODY_PARSER_DETAILS[e.type]!;
    return status < 500 ? new HttpError(status, detail) : null;
  }
  if (err instanceof Error && BROKEN_MULTIPART.test(err.message))
    return new HttpError(400, `The multipart form could not be read: ${err.message}`);
  if (e?.expose && typeof e.status === 'number' && e.status >= 400 && e.status < 500)
    return new HttpError(e.status, e.message ?? 'Bad request');
  return null;
}

/**
 * Answers `{ detail }` JSON (the shape the web client shows), never cached, unless the response already
 * started (then the connection is dropped: half an answer must not look whole).
 */
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

export const INTERNAL_ERROR_DETAIL = 'Something went wrong on our side. Please try again.';

/** The last middleware: every failure answers JSON `{ detail }`; unexpected ones are logged and hidden. */
export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const http = toHttpError(err);
    if (res.headersSent) {
      logger.error({ err, path: req.path }, 'error after the response started');
      res.destroy();
      return;
    }
    if (http) return sendError(res, http);
    logger.error({ err, method: req.method, path: req.path }, 'unhandled error');
    sendError(res, new HttpError(500, INTERNAL_ERROR_DETAIL));
  };
}
