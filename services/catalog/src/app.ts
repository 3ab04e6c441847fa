import { defineService } from '@portal/platform';
import { Products1765000000000 } from './data/migrations/1765000000000-products';
import { ProductSkuCategory1770500000000 } from './data/migrations/1770500000000-product-sku-category';
import { catalogDependencies } from './dependencies';
import { adminProducts, createProduct, deleteProduct, updateProduct } from './http/admin/products';
import { dealerProducts } from './http/dealer/products';
import { productImage } from './http/public/product-image';

export const catalogService = defineService({
  name: 'catalog',
  migrations: [Products1765000000000, ProductSkuCategory1770500000000],
  dependencies: catalogDependencies,
  handlers: {
    'admin.products': adminProducts,
    'admin.createProduct': createProduct,
    'admin.updateProduct': updateProduct,
    'admin.deleteProduct': deleteProduct,
    'dealer.products': dealerProducts,
    'public.productImage': productImage,
  },
});
