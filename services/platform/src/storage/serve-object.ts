import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { SENT } from '../http/handler';
import { attachmentDisposition } from './content-disposition';
import type { ObjectStore } from './object-store';

export interface ServeObjectOptions {
  /** the `detail` of the 404 when the object is absent (default 'Not found') */
  notFound?: string;
  /**
   * default `public, max-age=31536000, immutable`: right for keys that change whenever the bytes do (every
   * upload gets a fresh random key), so a browser never has to ask again
   */
  cacheControl?: string;
  /** answer as a download (`Content-Disposition: attachment`) with this file name */
  downloadName?: string;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * A strong ETag from the key alone: a key never names different bytes (a new upload gets a new key), so the
 * tag needs no read of the object, and a revalidation asks the store only whether the object is still there.
 */
export function objectETag(key: string): string {
  return `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names `etag`: weak comparison, as RFC 9110 asks (W/"x" matches "x"). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/**
 * Answers an object of the store: its stored content type (detected from its bytes at upload, never from a
 * name), `X-Content-Type-Options: nosniff` and a sandboxing CSP (an image opened directly can run nothing), a
 * strong ETag, a long immutable cache lifetime, 304 for a matching If-None-Match while the object is there, and a JSON 404 `{detail}`
 * that no cache keeps when the object is absent. The bytes stream from the store (never buffered). Answers
 * SENT, for handlers to return.
 */
export async function serveObject(
  res: Response,
  store: ObjectStore,
  key: string,
  opts: ServeObjectOptions = {},
): Promise<typeof SENT> {
  const etag = objectETag(key);
  const common = {
    ETag: etag,
    'Cache-Control': opts.cacheControl ?? IMMUTABLE,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
  const absent = (): typeof SENT => {
    res
      .status(404)
      .set({ 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
      .json({ detail: opts.notFound ?? 'Not found' });
    return SENT;
  };
  if (matchesIfNoneMatch(res.req.get('if-none-match'), etag)) {
    // only while the name still stands: a cache revalidating a removed object must stop serving it at once
    if (!(await store.exists(key))) return absent();
    res.status(304).set(common).end();
    return SENT;
  }
  const object = await store.get(key);
  if (!object) return absent();
  res.status(200).set({ ...common, 'Content-Type': object.contentType, 'Content-Length': String(object.size) });
  if (opts.downloadName) res.set('Content-Disposition', attachmentDisposition(opts.downloadName));
  if (res.req.method === 'HEAD') {
    if (!object.bytes) (object.body as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
    res.end();
    return SENT;
  }
  if (object.bytes) {
    res.end(object.bytes);
    return SENT;
  }
  try {
    await pipeline(object.body, res);
  } catch (err) {
    // the client went away mid-download: nothing left to answer
    if (!res.writableEnded) res.destroy(err instanceof Error ? err : undefined);
  }
  return SENT;
}
