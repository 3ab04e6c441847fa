import { randomUUID } from 'node:crypto';
import { ProductCreated, type ProductFields } from '@portal/contracts';
import { recordAudit, type UploadedFile } from '@portal/platform';
import type { CatalogContext } from '../context';
import { removeProductImageObjects } from '../data/product-image-objects';
import { insertProduct } from '../data/products';
import { type ProductRecord, productAuditSnapshot, productSnapshot } from '../domain/product-view';
import { productChanges, refusingTakenSku } from './product-form';
import { announceStockLevels } from './stock-levels';
import { storeProductImage } from './store-product-image';

/**
 * Adds a product with its image: the image objects first, then the row and product.created in one
 * transaction. If the row is not saved, the objects are removed again.
 */
export async function addProductWithImage(
  ctx: CatalogContext,
  form: ProductFields,
  upload: UploadedFile,
): Promise<ProductRecord> {
  const changes = productChanges(form);
  const productId = randomUUID();
  const stored = await storeProductImage(ctx, productId, upload);
  try {
    return await refusingTakenSku(changes, () =>
      ctx.transaction(async (manager, emit) => {
        const product = await insertProduct(manager, productId, changes, stored.image);
        await emit(ProductCreated, productId, productSnapshot(product));
        await announceStockLevels(manager, emit, [{ ...product, live: true }]);
        await recordAudit(emit, {
          action: 'product.created',
          entity: 'product',
          entity_id: productId,
          after: productAuditSnapshot(product),
        });
        return product;
      }),
    );
  } catch (err) {
    await removeProductImageObjects(ctx.deps.productImages, stored.keys, ctx.logger);
    throw err;
  }
}
