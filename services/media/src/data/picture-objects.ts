import type { Logger, ObjectStore } from '@portal/platform';
import { type PictureKeys, pictureFolder } from '../domain/picture-files';

export interface PictureObjects {
  original: { body: Buffer; contentType: string };
  thumbnail: { body: Buffer; contentType: string };
  preview: { body: Buffer; contentType: string };
}

/**
 * Stores the original and both renditions of one upload. If any put fails, the picture's folder is emptied
 * again, so a failed upload leaves nothing behind.
 */
export async function putPictureObjects(
  objects: ObjectStore,
  pictureId: string,
  keys: PictureKeys,
  files: PictureObjects,
  logger: Logger,
): Promise<void> {
  try {
    for (const part of ['original', 'thumbnail', 'preview'] as const)
      await objects.put(keys[part], files[part].body, files[part].contentType);
  } catch (err) {
    await removePictureObjectsQuietly(objects, pictureId, logger);
    throw err;
  }
}

/** Removes every object of a picture (its whole folder). Throws when the store fails. */
export function removePictureObjects(objects: ObjectStore, pictureId: string): Promise<number> {
  return objects.removePrefix(pictureFolder(pictureId));
}

/** The same, for clean-up after another failure: a failure here is logged, the first error is what counts. */
export async function removePictureObjectsQuietly(
  objects: ObjectStore,
  pictureId: string,
  logger: Logger,
): Promise<void> {
  try {
    await removePictureObjects(objects, pictureId);
  } catch (err) {
    logger.error({ err, pictureId }, 'could not remove the objects of a failed picture upload');
  }
}
