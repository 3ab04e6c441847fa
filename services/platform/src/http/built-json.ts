import { promisify } from 'node:util';
import { constants, gzip } from 'node:zlib';
import type { Request, Response } from 'express';
import { SENT } from './handler';

const gzipAsync = promisify(gzip);
const BIG_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * A JSON answer rendered once and served many times (a big list while its rows do not change): its bytes, a
 * weak ETag naming the version they show, and their gzip, made on the first request that accepts it.
 */
export interface BuiltJson {
  etag: string;
  body: Buffer;
  gzipped?: Promise<Buffer>;
}

/**
 * Writes a BuiltJson: 304 when the client holds this version (If-None-Match), gzipped when the client accepts
 * it (compressed once per version), else as is. Answers SENT for the handler to return. `no-store` stays: the
 * lists served this way hold personal data; revalidation by ETag still saves the transfer.
 */
export async function sendBuiltJson(req: Request, res: Response, built: BuiltJson): Promise<typeof SENT> {
  res.set({
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    ETag: built.etag,
    Vary: 'Accept-Encoding',
  });
  if (req.fresh) {
    res.status(304).end();
    return SENT;
  }
  if (built.body.length > 1024 && req.acceptsEncodings('gzip', 'identity') === 'gzip') {
    // level 1 for big answers: a quarter of the time of the default level, and about the same size for the
    // repetitive JSON of a list
    const level = built.body.length > BIG_ANSWER_BYTES ? 1 : constants.Z_DEFAULT_COMPRESSION;
    built.gzipped ??= gzipAsync(built.body, { level }).catch((err: unknown) => {
      built.gzipped = undefined; // the next request tries again
      throw err;
    });
    res.set('Content-Encoding', 'gzip').send(await built.gzipped);
  } else {
    res.send(built.body);
  }
  return SENT;
}
