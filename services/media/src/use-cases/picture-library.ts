import type { Picture, PictureListQuery } from '@portal/contracts';
import { notFound, type Page, recordAudit } from '@portal/platform';
import type { MediaContext } from '../context';
import { removePictureObjects } from '../data/picture-objects';
import { deletePictureRow, listPictures, lockPicture } from '../data/pictures';
import { auditedPicture, isPictureId, pictureView, renditionKeyOf } from '../domain/picture-files';
import { PICTURE_NOT_FOUND } from './messages';

/**
 * The library as both the admin's and the dealer's grids show it: newest first unless sorted, searched by
 * title and description; a page when asked for (the admin's grid).
 */
export async function pictureLibrary(ctx: MediaContext, query: PictureListQuery = {}): Promise<Page<Picture>> {
  const { limit, cursor, sort, q } = query;
  const page = await listPictures(ctx.db.manager, { q }, { limit, cursor, sort });
  return { ...page, rows: page.rows.map(pictureView) };
}

/**
 * Deletes a picture and every object of it. The row is locked while the objects are removed and deleted only
 * after they are gone: if the store fails, the picture stays listed and the delete can simply be repeated.
 */
export async function deletePicture(ctx: MediaContext, pictureId: string): Promise<void> {
  if (!isPictureId(pictureId)) throw notFound(PICTURE_NOT_FOUND);
  await ctx.transaction(async (manager, emit) => {
    const picture = await lockPicture(manager, pictureId);
    if (!picture) throw notFound(PICTURE_NOT_FOUND);
    await removePictureObjects(ctx.objects, pictureId);
    await deletePictureRow(manager, pictureId);
    await recordAudit(emit, {
      action: 'picture.deleted',
      entity: 'picture',
      entity_id: pictureId,
      before: auditedPicture(picture),
    });
  });
}

/** The store key of a public rendition file name; null for any other name (originals are never public). */
export function publicPictureFileKey(fileName: string): string | null {
  return renditionKeyOf(fileName);
}
