import { pipeline } from 'node:stream/promises';
import { notFound, SENT } from '@portal/platform';
import type { DealerHandler } from '../../context';
import { headerImageKey } from '../../data/header-image';

/**
 * GET /api/dealer/header-image/{dealer_id} — served with the type detected at upload, nosniff, and a cache
 * lifetime: a replaced image has a new `?v=` URL, so an hour of caching never shows a stale one there.
 */
export const headerImage: DealerHandler<'dealer.headerImage'> = async ({ params, res }, ctx) => {
  const rows: unknown[] = await ctx.db.query(
    `SELECT 1 FROM dealers WHERE dealer_id = $1 AND status = 'active' AND header_image_version IS NOT NULL`,
    [params.dealer_id],
  );
  const image = rows.length ? await ctx.objects.get(headerImageKey(params.dealer_id)) : null;
  if (!image) throw notFound('Error: No header image');
  res.set({
    'Content-Type': image.contentType,
    'Content-Length': String(image.size),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'public, max-age=3600',
  });
  await pipeline(image.body, res);
  return SENT;
};
