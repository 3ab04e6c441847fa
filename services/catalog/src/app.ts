import { defineService, notImplemented } from '@portal/platform';

const RELEASE = 'the product catalogue release';

export const catalogService = defineService({
  name: 'catalog',
  migrations: [],
  handlers: {
    'admin.products': notImplemented(RELEASE),
    'admin.createProduct': notImplemented(RELEASE),
    'admin.updateProduct': notImplemented(RELEASE),
    'admin.deleteProduct': notImplemented(RELEASE),
    'dealer.products': notImplemented(RELEASE),
    'public.productImage': notImplemented(RELEASE),
  },
});
