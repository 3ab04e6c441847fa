import type { Logger, ObjectStore } from '@portal/platform';
import { productImageKey } from '../domain/image-files';

/** One file of a product image (the original or a rendition) to keep. */
export interface ImageObject {
  filename: string;
  body: Buffer;
  contentType: string;
}

/**
 * Stores the files of one upload and answers their keys. If one fails, those already stored are removed again,
 * so a failed upload leaves nothing behind.
 */
export async function putProductImageObjects(objects: ObjectStore, files: readonly ImageObject[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const file of files) {
      const key = productImageKey(file.filename);
      await objects.put(key, file.body, file.contentType);
      keys.push(key);
    }
    return keys;
  } catch (err) {
    await removeProductImageObjects(objects, keys);
    throw err;
  }
}

/**
 * Removes image objects that no product row points at any more (replaced, or stored for a change that was not
 * saved). Best effort: an object left behind costs space but breaks nothing, so a failure is logged, not raised.
 */
export async function removeProductImageObjects(
  objects: ObjectStore,
  keys: readonly string[],
  logger?: Logger,
): Promise<void> {
  for (const key of keys) {
    try {
      await objects.remove(key);
    } catch (err) {
      logger?.warn({ err, key }, 'could not remove a product image object');
    }
  }
}
