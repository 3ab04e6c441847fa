import type { CatalogHandler } from '../../context';
import { productView } from '../../domain/product-view';
import { createProduct as createProductUseCase } from '../../use-cases/create-product';
import { deleteProduct as deleteProductUseCase } from '../../use-cases/delete-product';
import { adminProductList } from '../../use-cases/product-lists';
import { editProduct } from '../../use-cases/update-product';

/** GET /api/admin/products — every product whatever its status, newest first. */
export const adminProducts: CatalogHandler<'admin.products'> = async (_input, ctx) => ({
  success: true as const,
  products: await adminProductList(ctx),
});

/** POST /api/admin/create-product — the router has checked the image (required) by content and size. */
export const createProduct: CatalogHandler<'admin.createProduct'> = async ({ body, files }, ctx) => {
  const image = files.product_image;
  if (!image) throw new Error('the router lets no product through without its image');
  const product = await createProductUseCase(ctx, body, image);
  return { success: true as const, message: 'Product created successfully!', product: productView(product) };
};

/** PUT /api/admin/update-product/{product_id} — an image, when sent, replaces the current one. */
export const updateProduct: CatalogHandler<'admin.updateProduct'> = async ({ params, body, files }, ctx) => {
  const { product, imageUpdated } = await editProduct(ctx, params.product_id, body, files.product_image);
  return {
    success: true as const,
    message: 'Product updated successfully!',
    product: productView(product),
    image_updated: imageUpdated,
  };
};

/** DELETE /api/admin/delete-product/{product_id} */
export const deleteProduct: CatalogHandler<'admin.deleteProduct'> = async ({ params }, ctx) => {
  await deleteProductUseCase(ctx, params.product_id);
  return { success: true as const, message: 'Product deleted successfully!' };
};
