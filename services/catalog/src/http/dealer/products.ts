import { succeeded } from '@portal/contracts';
import type { CatalogHandler } from '../../context';
import { dealerProductList } from '../../use-cases/product-lists';

/** GET /api/dealer/products — active products only, each with its image URLs. */
export const dealerProducts: CatalogHandler<'dealer.products'> = async (_input, ctx) =>
  succeeded({ products: await dealerProductList(ctx) });
