import { randomBytes } from 'node:crypto';
import { NewProductImage } from '@portal/contracts';
import { detectImageKind, renditionsOfUpload, type UploadedFile } from '@portal/platform';
import type { CatalogContext } from '../context';
import { putProductImageObjects } from '../data/product-image-objects';
import type { StoredImage } from '../data/products';
import { productImageFiles, productImageKey } from '../domain/image-files';

/**
 * Keeps a new image of a product (checked by content and size by the router) with its two WebP renditions,
 * made once here, under fresh names. Answers what the product row points at and every key stored (to remove
 * again if the row is not saved).
 */
export async function storeProductImage(
  ctx: CatalogContext,
  productId: string,
  upload: UploadedFile,
): Promise<{ image: StoredImage; keys: string[] }> {
  const kind = detectImageKind(upload.buffer);
  if (!kind) throw new Error('an unchecked file reached the catalog'); // the router refuses these
  const renditions = await renditionsOfUpload(upload, NewProductImage);
  const names = productImageFiles(productId, kind, randomBytes(8).toString('hex'));
  const keys = await putProductImageObjects(ctx.deps.productImages, [
    { filename: names.image, body: upload.buffer, contentType: upload.contentType },
    { filename: names.thumbnail, body: renditions.thumbnail.buffer, contentType: renditions.thumbnail.contentType },
    { filename: names.preview, body: renditions.preview.buffer, contentType: renditions.preview.contentType },
  ]);
  return {
    image: {
      image_filename: names.image,
      image_key: productImageKey(names.image),
      thumbnail_key: productImageKey(names.thumbnail),
      preview_key: productImageKey(names.preview),
    },
    keys,
  };
}
