import { defineService, notImplemented } from '@portal/platform';

const RELEASE = 'the shipping release';

export const shippingService = defineService({
  name: 'shipping',
  migrations: [],
  handlers: {
    'admin.readyToShipOrders': notImplemented(RELEASE),
    'admin.createShipment': notImplemented(RELEASE),
    'admin.shipments': notImplemented(RELEASE),
    'admin.updateShipmentOrderStatus': notImplemented(RELEASE),
  },
});
