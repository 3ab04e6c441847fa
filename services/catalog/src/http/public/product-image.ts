import { serveObject } from '@portal/platform';
import type { CatalogHandler } from '../../context';
import { productImageKey } from '../../domain/image-files';

export const NO_PRODUCT_IMAGE = 'Error: Product image not found';

/**
 * GET /api/product-images/{filename} — public (dealers' pages and order history show it). The contract's
 * file-name pattern has already refused '..', hidden names and slashes. Served with its detected type, nosniff,
 * a strong ETag (304 on If-None-Match while the image is there; from memory for the cached ones) and a year's immutable cache: the name changes
 * whenever the image does. Small images come from memory after their first read (product-image-store.ts). The
 * image of a deleted product is still served (orders show it).
 */
export const productImage: CatalogHandler<'public.productImage'> = async ({ params, res }, ctx) =>
  serveObject(res, ctx.deps.productImages, productImageKey(params.filename), { notFound: NO_PRODUCT_IMAGE });
