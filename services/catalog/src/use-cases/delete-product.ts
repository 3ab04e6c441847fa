import { ProductDeleted } from '@portal/contracts';
import { notFound, recordAudit } from '@portal/platform';
import type { CatalogContext } from '../context';
import { PRODUCT_NOT_FOUND, softDeleteProduct } from '../data/products';
import { productAuditSnapshot, productSnapshot } from '../domain/product-view';

/**
 * Takes a product out of the catalogue: gone from both lists, but the row and its image stay, because orders
 * show the product's title and image in their history. product.deleted carries its last snapshot.
 */
export async function withdrawProduct(ctx: CatalogContext, productId: string): Promise<void> {
  await ctx.transaction(async (manager, emit) => {
    const product = await softDeleteProduct(manager, productId);
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    await emit(ProductDeleted, productId, productSnapshot(product));
    // the row stays (order history shows it), but for the catalogue the product is gone: its last values
    await recordAudit(emit, {
      action: 'product.deleted',
      entity: 'product',
      entity_id: productId,
      before: productAuditSnapshot(product),
    });
  });
}
