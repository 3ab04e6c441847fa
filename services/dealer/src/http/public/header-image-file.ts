import { pipeline } from 'node:stream/promises';
import { SENT } from '@portal/platform';
import type { Response } from 'express';
import type { DealerHandler } from '../../context';
import { publicHeaderImage } from '../../use-cases/header-image';

const NO_IMAGE = 'Error: No header image';

/** Not found, and not kept by any cache: an image that comes back (a restored dealer) is seen at once. */
function noImage(res: Response): typeof SENT {
  res.status(404).set('Cache-Control', 'no-store').json({ detail: NO_IMAGE });
  return SENT;
}

/**
 * GET /api/dealer/header-image/{dealer_id} — served with the type detected at upload and nosniff. A replaced
 * image has a new `?v=` URL, but an archived dealer's image must disappear from shared caches too: caches keep
 * it and revalidate each use (`no-cache`), which costs a 304 (the version is the ETag).
 */
export const headerImage: DealerHandler<'dealer.headerImage'> = async ({ params, req, res }, ctx) => {
  const image = await publicHeaderImage(ctx, params.dealer_id);
  if (!image) return noImage(res);
  res.set({
    ETag: `"${params.dealer_id}-${image.version}"`,
    'Cache-Control': 'public, no-cache',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
  if (req.fresh) {
    res.status(304).end();
    return SENT;
  }
  const file = await image.open();
  if (!file) return noImage(res);
  res.set({ 'Content-Type': file.contentType, 'Content-Length': String(file.size) });
  await pipeline(file.body, res);
  return SENT;
};
