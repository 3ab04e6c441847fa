import type { DealerProduct, Product } from '@portal/contracts';
import type { CatalogContext } from '../context';
import { countLiveProducts, listLiveProducts, type ProductFilter } from '../data/products';
import { DEALER_VISIBLE_STATUS, dealerProductView, productView } from '../domain/product-view';

/**
 * Every product an admin manages (all statuses, not deleted), newest first; narrowed by `filter` when given. With
 * a `limit`, the first that many and how many match (the dashboard counts the products low on stock with limit 1).
 */
export async function adminProductList(
  ctx: CatalogContext,
  filter: ProductFilter = {},
  limit?: number,
): Promise<{ products: Product[]; total?: number }> {
  const products = (await listLiveProducts(ctx.db.manager, filter, limit)).map(productView);
  if (limit === undefined) return { products };
  return { products, total: await countLiveProducts(ctx.db.manager, filter) };
}

/** The products a dealer may see and order: active ones only, newest first. */
export async function dealerProductList(ctx: CatalogContext): Promise<DealerProduct[]> {
  return (await listLiveProducts(ctx.db.manager, { status: DEALER_VISIBLE_STATUS })).map(dealerProductView);
}
