import { defineService, notImplemented } from '@portal/platform';

const RELEASE = 'the orders, invoices and payments release';

export const orderService = defineService({
  name: 'order',
  migrations: [],
  handlers: {
    'admin.dealerOrders': notImplemented(RELEASE),
    'admin.allOrders': notImplemented(RELEASE),
    'admin.updateOrder': notImplemented(RELEASE),
    'admin.createOrder': notImplemented(RELEASE),
    'admin.emailInvoice': notImplemented(RELEASE),
    'admin.recordPayment': notImplemented(RELEASE),
    'dealer.submitOrder': notImplemented(RELEASE),
  },
});
