import { notFound, serveObject } from '@portal/platform';
import type { MediaHandler } from '../../context';
import { PICTURE_NOT_FOUND } from '../../use-cases/messages';
import { openPictureDownload } from '../../use-cases/picture-downloads';
import { publicPictureFileKey } from '../../use-cases/picture-library';

/** GET /api/picture-files/{filename} — a rendition for grids and previews; cached for a year (the name is new per upload). */
export const pictureFile: MediaHandler<'public.pictureFile'> = async ({ params, res }, ctx) => {
  const key = publicPictureFileKey(params.filename);
  if (!key) throw notFound(PICTURE_NOT_FOUND);
  return serveObject(res, ctx.objects, key, { notFound: PICTURE_NOT_FOUND });
};

/** GET /api/picture-downloads/{token} — the original, as an attachment under its uploaded name; never cached. */
export const pictureDownload: MediaHandler<'public.pictureDownload'> = async ({ params, res }, ctx) => {
  const { key, filename } = await openPictureDownload(ctx, params.token);
  return serveObject(res, ctx.objects, key, {
    notFound: PICTURE_NOT_FOUND,
    downloadName: filename,
    cacheControl: 'private, no-store',
  });
};
