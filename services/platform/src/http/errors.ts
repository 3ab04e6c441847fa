import type { ErrorBody } from '@portal/contracts';

/** An error with an HTTP status and the `detail` the web client shows. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly extra: Omit<ErrorBody, 'detail'> & Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'HttpError';
  }

  toBody(): ErrorBody & Record<string, unknown> {
    return { ...this.extra, detail: this.detail };
  }
}

export const badRequest = (detail: string, extra?: HttpError['extra']) => new HttpError(400, detail, extra);
export const unauthorized = (detail = 'Not authenticated') => new HttpError(401, detail);
export const forbidden = (detail = 'You do not have permission to do this') => new HttpError(403, detail);
export const notFound = (detail = 'Not found') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const tooLarge = (detail: string) => new HttpError(413, detail);
export const unsupportedMedia = (detail: string) => new HttpError(415, detail);
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new HttpError(429, detail, { retry_after: retryAfterSeconds });
export const serviceUnavailable = (detail: string) => new HttpError(503, detail);
