import { z } from 'zod';
import { ImageBytes, Ok } from '../common';
import { access, endpoint } from '../endpoint';
import { DealerProduct, Product } from '../entities/catalog';
import { idParams } from '../fields';
import { NewProductImage, ProductFields, ProductListQuery, ReplacementProductImage } from '../requests/catalog';

const owner = 'catalog' as const;
const productIdParams = idParams('product_id');

export const catalogEndpoints = {
  'admin.products': endpoint({
    id: 'admin.products',
    method: 'GET',
    path: '/api/admin/products',
    owner,
    access: access.roles('admin'),
    summary:
      'Every product of the catalogue, whatever its status; `q` (title or SKU), `category` and `stock=low` narrow it, `limit` keeps the first products and adds `total`',
    query: ProductListQuery,
    response: Ok.extend({
      products: z.array(Product),
      total: z
        .number()
        .int()
        .nonnegative()
        .optional()
        .describe('present when a limit was given: how many products match'),
    }),
  }),
  'admin.createProduct': endpoint({
    id: 'admin.createProduct',
    method: 'POST',
    path: '/api/admin/create-product',
    owner,
    access: access.roles('admin'),
    summary: 'Create a product with its image (JPG, PNG or GIF, under 10MB)',
    body: ProductFields,
    files: [NewProductImage],
    response: Ok.extend({ product: Product }),
  }),
  'admin.updateProduct': endpoint({
    id: 'admin.updateProduct',
    method: 'PUT',
    path: '/api/admin/update-product/{product_id}',
    owner,
    access: access.roles('admin'),
    summary: 'Update a product; a new image, when sent, replaces the current one',
    params: productIdParams,
    body: ProductFields,
    files: [ReplacementProductImage],
    response: Ok.extend({ product: Product, image_updated: z.boolean() }),
  }),
  'admin.deleteProduct': endpoint({
    id: 'admin.deleteProduct',
    method: 'DELETE',
    path: '/api/admin/delete-product/{product_id}',
    owner,
    access: access.roles('admin'),
    summary: 'Delete a product (existing orders keep their lines)',
    params: productIdParams,
    response: Ok,
  }),
  'dealer.products': endpoint({
    id: 'dealer.products',
    method: 'GET',
    path: '/api/dealer/products',
    owner,
    access: access.roles('dealer'),
    summary: 'The active products a dealer may order',
    response: Ok.extend({ products: z.array(DealerProduct) }),
  }),
  'public.productImage': endpoint({
    id: 'public.productImage',
    method: 'GET',
    path: '/api/product-images/{filename}',
    owner,
    access: access.public,
    summary:
      "A product's image (or one of its WebP renditions) by file name; cached for a year, the name changes with the image",
    // one path segment that cannot be '.', '..' or hidden: no name reaches outside the product images
    params: z.object({ filename: z.string().regex(/^[A-Za-z0-9_-][\w.-]{0,199}$/, 'Invalid file name') }),
    response: ImageBytes,
    responseKind: 'image',
  }),
} as const;
