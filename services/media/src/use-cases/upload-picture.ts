import { randomBytes, randomUUID } from 'node:crypto';
import { type Picture, PictureUpload } from '@portal/contracts';
import { recordAudit, renditionsOfUpload, type UploadedFile } from '@portal/platform';
import type { MediaContext } from '../context';
import { putPictureObjects, removePictureObjectsQuietly } from '../data/picture-objects';
import { insertPicture } from '../data/pictures';
import { auditedPicture, extensionFor, pictureKeys, pictureView } from '../domain/picture-files';

export interface PictureForm {
  title: string;
  description?: string | undefined;
  category?: string | undefined;
}

/**
 * Adds a picture to the library: its renditions are made once, here; the original and both renditions are
 * stored, then the row is written. The objects and the row exist both or neither: a failed store write leaves
 * no object, a failed insert removes the objects again.
 */
export async function uploadPicture(ctx: MediaContext, form: PictureForm, file: UploadedFile): Promise<Picture> {
  const renditions = await renditionsOfUpload(file, PictureUpload);
  const pictureId = randomUUID();
  const keys = pictureKeys(pictureId, randomBytes(12).toString('hex'), extensionFor(file.contentType));
  await putPictureObjects(
    ctx.objects,
    pictureId,
    keys,
    {
      original: { body: file.buffer, contentType: file.contentType },
      thumbnail: { body: renditions.thumbnail.buffer, contentType: renditions.thumbnail.contentType },
      preview: { body: renditions.preview.buffer, contentType: renditions.preview.contentType },
    },
    ctx.logger,
  );
  try {
    const row = await ctx.transaction(async (manager, emit) => {
      const inserted = await insertPicture(manager, {
        picture_id: pictureId,
        title: form.title,
        description: form.description ?? null,
        category: form.category ?? null,
        original_key: keys.original,
        original_name: file.originalName,
        content_type: file.contentType,
        file_size: file.size,
        thumbnail_key: keys.thumbnail,
        preview_key: keys.preview,
      });
      await recordAudit(emit, {
        action: 'picture.uploaded',
        entity: 'picture',
        entity_id: pictureId,
        after: auditedPicture(inserted),
      });
      return inserted;
    });
    return pictureView(row);
  } catch (err) {
    await removePictureObjectsQuietly(ctx.objects, pictureId, ctx.logger);
    throw err;
  }
}
