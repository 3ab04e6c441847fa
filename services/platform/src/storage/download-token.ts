import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '../http/errors';

/** What a download token may name: an id, never a path. */
const SUBJECT = /^[A-Za-z0-9_-]{1,128}$/;
const TOKEN = /^([A-Za-z0-9_-]{1,128})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export const INVALID_DOWNLOAD_LINK = 'Error: This download link is not valid. Please start the download again.';
export const EXPIRED_DOWNLOAD_LINK = 'Error: This download link has expired. Please start the download again.';

/** The variables of signed download links (docs/configuration.md). */
export const DownloadLinkEnv = z.object({
  /** the HMAC key of download tokens (file store); at least 32 characters; required in production */
  DOWNLOAD_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** how long a download URL works (default 5 minutes) */
  DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
});
export type DownloadLinkEnv = z.infer<typeof DownloadLinkEnv>;

export interface DownloadTokens {
  /** how long a token (or a presigned URL) made now stays valid */
  ttlSeconds: number;
  /** a token naming `subject` (an id), valid for ttlSeconds from `now` */
  sign(subject: string, now?: Date): string;
  /**
   * The subject of a valid token. 403 for a token that is malformed or whose signature does not match (any
   * change to the id or the expiry breaks it), 410 for a genuine one past its expiry.
   */
  verify(token: string, now?: Date): string;
}

/**
 * Short-lived download tokens: `<subject>.<expires, unix seconds>.<HMAC-SHA256 of both>`, so a link names
 * what it opens and until when, and nobody without the key can make or stretch one. The token is safe in a
 * URL path (letters, digits, '_', '-', '.').
 */
export function createDownloadTokens(opts: {
  key: string | Buffer;
  ttlSeconds: number;
  purpose: string;
}): DownloadTokens {
  const mac = (subject: string, expires: string) =>
    createHmac('sha256', opts.key).update(`${opts.purpose}\n${subject}\n${expires}`).digest('base64url');
  return {
    ttlSeconds: opts.ttlSeconds,
    sign(subject, now = new Date()) {
      if (!SUBJECT.test(subject)) throw new Error(`not a token subject: ${subject}`);
      const expires = String(Math.floor(now.getTime() / 1000) + opts.ttlSeconds);
      return `${subject}.${expires}.${mac(subject, expires)}`;
    },
    verify(token, now = new Date()) {
      const parts = TOKEN.exec(token);
      if (!parts) throw new HttpError(403, INVALID_DOWNLOAD_LINK);
      const [, subject = '', expires = '', signature = ''] = parts;
      const expected = Buffer.from(mac(subject, expires));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new HttpError(403, INVALID_DOWNLOAD_LINK);
      if (Number(expires) * 1000 <= now.getTime()) throw new HttpError(410, EXPIRED_DOWNLOAD_LINK);
      return subject;
    },
  };
}

/**
 * The signing key from the environment. Production refuses to run without one (links must survive a restart
 * and work on every replica); elsewhere a random key per process is used and `onEphemeral` is told.
 */
export function downloadSigningKey(
  env: DownloadLinkEnv & { NODE_ENV?: string },
  onEphemeral: () => void = () => undefined,
): string | Buffer {
  if (env.DOWNLOAD_SIGNING_KEY) return env.DOWNLOAD_SIGNING_KEY;
  if (env.NODE_ENV === 'production') throw new Error('DOWNLOAD_SIGNING_KEY is required in production');
  onEphemeral();
  return randomBytes(32);
}
