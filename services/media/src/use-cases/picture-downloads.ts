import { createDownloadTokens, type DownloadTokens, downloadSigningKey, notFound } from '@portal/platform';
import type { MediaContext } from '../context';
import { findPicture } from '../data/pictures';
import { downloadName, extensionFor, isPictureId, PICTURE_DOWNLOADS_PATH } from '../domain/picture-files';
import { PICTURE_NOT_FOUND } from './messages';

const tokensByConfig = new WeakMap<object, DownloadTokens>();

/** The download tokens of this service instance (the key read once from its configuration). */
function downloadTokens(ctx: MediaContext): DownloadTokens {
  let tokens = tokensByConfig.get(ctx.config);
  if (!tokens) {
    const key = downloadSigningKey(ctx.config, () =>
      ctx.logger.warn(
        'DOWNLOAD_SIGNING_KEY is not set: picture download links use a random key and end with this process',
      ),
    );
    tokens = createDownloadTokens({
      key,
      ttlSeconds: ctx.config.DOWNLOAD_URL_TTL_SECONDS,
      purpose: 'picture-download',
    });
    tokensByConfig.set(ctx.config, tokens);
  }
  return tokens;
}

/** Reads the signing key at start, so a missing one is told then (and production has refused to start). */
export function prepareDownloads(ctx: MediaContext): void {
  downloadTokens(ctx);
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
  const tokens = downloadTokens(ctx);
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
  const pictureId = downloadTokens(ctx).verify(token);
  const picture = isPictureId(pictureId) ? await findPicture(ctx.db.manager, pictureId) : null;
  if (!picture) throw notFound(PICTURE_NOT_FOUND);
  return {
    key: picture.original_key,
    filename: downloadName(picture.original_name, picture.title, extensionFor(picture.content_type)),
  };
}
