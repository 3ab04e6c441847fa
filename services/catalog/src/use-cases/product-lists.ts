import type { DealerProduct, Product } from '@portal/contracts';
import type { CatalogContext } from '../context';
import { listLiveProducts, type ProductFilter } from '../data/products';
import { DEALER_VISIBLE_STATUS, dealerProductView, productView } from '../domain/product-view';

/** Every product an admin manages (all statuses, not deleted), newest first; narrowed by `filter` when given. */
export async function adminProductList(ctx: CatalogContext, filter: ProductFilter = {}): Promise<Product[]> {
  return (await listLiveProducts(ctx.db.manager, filter)).map(productView);
}

/** The products a dealer may see and order: active ones only, newest first. */
export async function dealerProductList(ctx: CatalogContext): Promise<DealerProduct[]> {
  return (await listLiveProducts(ctx.db.manager, { status: DEALER_VISIBLE_STATUS })).map(dealerProductView);
}
