import { succeeded } from '@portal/contracts';
import type { CatalogHandler } from '../../context';
import { productView } from '../../domain/product-view';
import { addProductWithImage } from '../../use-cases/create-product';
import { withdrawProduct } from '../../use-cases/delete-product';
import { adminProductList } from '../../use-cases/product-lists';
import { editProduct } from '../../use-cases/update-product';

/**
 * GET /api/admin/products — every product whatever its status, newest first; `q`, `category` and `stock=low`
 * narrow it; `limit` keeps the first products and adds `total`.
 */
export const adminProducts: CatalogHandler<'admin.products'> = async ({ query }, ctx) =>
  succeeded(await adminProductList(ctx, { q: query.q, category: query.category, stock: query.stock }, query.limit));

/** POST /api/admin/create-product — the router has checked the image (required) by content and size. */
export const createProduct: CatalogHandler<'admin.createProduct'> = async ({ body, files }, ctx) => {
  const image = files.product_image;
  if (!image) throw new Error('the router lets no product through without its image');
  const product = await addProductWithImage(ctx, body, image);
  return succeeded({ message: 'Product created successfully!', product: productView(product) });
};

/** PUT /api/admin/update-product/{product_id} — an image, when sent, replaces the current one. */
export const updateProduct: CatalogHandler<'admin.updateProduct'> = async ({ params, body, files }, ctx) => {
  const { product, imageUpdated } = await editProduct(ctx, params.product_id, body, files.product_image);
  return succeeded({
    message: 'Product updated successfully!',
    product: productView(product),
    image_updated: imageUpdated,
  });
};

/** DELETE /api/admin/delete-product/{product_id} */
export const deleteProduct: CatalogHandler<'admin.deleteProduct'> = async ({ params }, ctx) => {
  await withdrawProduct(ctx, params.product_id);
  return succeeded({ message: 'Product deleted successfully!' });
};
