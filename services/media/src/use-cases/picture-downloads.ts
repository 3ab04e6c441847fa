import {
  createDownloadTokens,
  type DownloadTokens,
  downloadSigningKey,
  notFound,
  type ServiceContext,
} from '@portal/platform';
import type { MediaConfig } from '../config';
import type { MediaContext } from '../context';
import { findPicture } from '../data/pictures';
import { downloadName, extensionFor, isPictureId, PICTURE_DOWNLOADS_PATH } from '../domain/picture-files';
import { PICTURE_NOT_FOUND } from './messages';

/**
 * The download tokens of one running media service: the signing key is read once, at start, so a missing
 * one is told then (and production has refused to start).
 */
export function pictureDownloadTokens({ config, logger }: ServiceContext<MediaConfig>): DownloadTokens {
  const key = downloadSigningKey(config, () =>
    logger.warn('DOWNLOAD_SIGNING_KEY is not set: picture download links use a random key and end with this process'),
  );
  return createDownloadTokens({ key, ttlSeconds: config.DOWNLOAD_URL_TTL_SECONDS, purpose: 'picture-download' });
}

export interface DownloadLink {
  download_url: string;
  filename: string;
  title: string;
}

/**
 * A short-lived link that downloads the original picture under its uploaded name: presigned by the S3 server
 * itself when the store is S3 (the bytes never pass through the portal), else the portal's own signed route.
 * Both stop working after DOWNLOAD_URL_TTL_SECONDS.
 */
export async function pictureDownloadLink(ctx: MediaContext, pictureId: string): Promise<DownloadLink> {
  const picture = isPictureId(pictureId) ? await findPicture(ctx.db.manager, pictureId) : null;
  if (!picture) throw notFound(PICTURE_NOT_FOUND);
  const tokens = ctx.deps.downloadTokens;
  const filename = downloadName(picture.original_name, picture.title, extensionFor(picture.content_type));
  const download_url = ctx.objects.presignedGet
    ? await ctx.objects.presignedGet(picture.original_key, tokens.ttlSeconds, filename)
    : PICTURE_DOWNLOADS_PATH + tokens.sign(picture.picture_id);
  return { download_url, filename, title: picture.title };
}

/**
 * What a signed download link opens: the original's key and the name to save it under. 403 for an altered
 * link, 410 for an expired one, 404 when the picture was deleted meanwhile.
 */
export async function openPictureDownload(
  ctx: MediaContext,
  token: string,
): Promise<{ key: string; filename: string }> {
  const pictureId = ctx.deps.downloadTokens.verify(token);
  const picture = isPictureId(pictureId) ? await findPicture(ctx.db.manager, pictureId) : null;
  if (!picture) throw notFound(PICTURE_NOT_FOUND);
  return {
    key: picture.original_key,
    filename: downloadName(picture.original_name, picture.title, extensionFor(picture.content_type)),
  };
}
