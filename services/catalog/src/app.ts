import { defineService } from '@portal/platform';
import { Products1765000000000 } from './data/migrations/1765000000000-products';
import { ProductSkuCategory1770500000000 } from './data/migrations/1770500000000-product-sku-category';
import { ProductStock1770700000000 } from './data/migrations/1770700000000-product-stock';
import { catalogDependencies } from './dependencies';
import { orderCreatedStock, orderUpdatedStock } from './events/order-stock';
import { adminProducts, createProduct, deleteProduct, updateProduct } from './http/admin/products';
import { dealerProducts } from './http/dealer/products';
import { productImage } from './http/public/product-image';

export const catalogService = defineService({
  name: 'catalog',
  migrations: [Products1765000000000, ProductSkuCategory1770500000000, ProductStock1770700000000],
  dependencies: catalogDependencies,
  // stock follows the orders' status: confirmed reserves, on a truck takes, cancelled gives back
  consumers: {
    'order.created': orderCreatedStock,
    'order.updated': orderUpdatedStock,
  },
  handlers: {
    'admin.products': adminProducts,
    'admin.createProduct': createProduct,
    'admin.updateProduct': updateProduct,
    'admin.deleteProduct': deleteProduct,
    'dealer.products': dealerProducts,
    'public.productImage': productImage,
  },
});
