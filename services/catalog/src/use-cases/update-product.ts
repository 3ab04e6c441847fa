import { type ProductFields, ProductUpdated } from '@portal/contracts';
import { notFound, recordAudit, type UploadedFile } from '@portal/platform';
import type { CatalogContext } from '../context';
import { removeProductImageObjects } from '../data/product-image-objects';
import { findLiveProduct, lockLiveProduct, PRODUCT_NOT_FOUND, type StoredImage, updateProduct } from '../data/products';
import { type ProductRecord, productAuditSnapshot, productEditAction, productSnapshot } from '../domain/product-view';
import { productChanges, refusingTakenSku } from './product-form';
import { announceStockLevels } from './stock-levels';
import { storeProductImage } from './store-product-image';

/** The image objects a record points at. */
const imageKeys = (record: ProductRecord) =>
  [record.image_key, record.thumbnail_key, record.preview_key].filter((key): key is string => key !== null);

/**
 * Saves the form; a new image, when sent, is stored under new names and replaces the current one. The old
 * objects are removed only once the row points at the new ones (after commit), so no reader ever follows the
 * row to a missing image; if the row is not saved, the new objects are removed instead.
 */
export async function editProduct(
  ctx: CatalogContext,
  productId: string,
  form: ProductFields,
  upload: UploadedFile | undefined,
): Promise<{ product: ProductRecord; imageUpdated: boolean }> {
  const changes = productChanges(form);
  // refuse an unknown product before storing anything for it
  if (!(await findLiveProduct(ctx.db.manager, productId))) throw notFound(PRODUCT_NOT_FOUND);
  const stored: { image: StoredImage; keys: string[] } | null = upload
    ? await storeProductImage(ctx, productId, upload)
    : null;
  let saved: { product: ProductRecord; replaced: string[] };
  try {
    saved = await refusingTakenSku(changes, () =>
      ctx.transaction(async (manager, emit) => {
        const current = await lockLiveProduct(manager, productId);
        if (!current) throw notFound(PRODUCT_NOT_FOUND); // deleted meanwhile
        const product = await updateProduct(manager, productId, changes, stored?.image ?? null);
        await emit(ProductUpdated, productId, productSnapshot(product));
        // the admin may have counted the stock or moved the level: announced once below it, forgotten above
        await announceStockLevels(manager, emit, [{ ...product, live: true }]);
        const [before, after] = [productAuditSnapshot(current), productAuditSnapshot(product)];
        await recordAudit(emit, {
          action: productEditAction(before, after),
          entity: 'product',
          entity_id: productId,
          before,
          after,
        });
        return { product, replaced: stored ? imageKeys(current) : [] };
      }),
    );
  } catch (err) {
    if (stored) await removeProductImageObjects(ctx.deps.productImages, stored.keys, ctx.logger);
    throw err;
  }
  await removeProductImageObjects(ctx.deps.productImages, saved.replaced, ctx.logger);
  return { product: saved.product, imageUpdated: stored !== null };
}
