import { defineService, systemTimezoneChanged } from '@portal/platform';
import { Shipping1766200000000 } from './data/migrations/1766200000000-shipping';
import { ShippingLists1767400000000 } from './data/migrations/1767400000000-shipping-lists';
import { KnownDealerDirectory1768000000000 } from './data/migrations/1768000000000-known-dealer-directory';
import { SystemTimezone1769400000000 } from './data/migrations/1769400000000-system-timezone';
import { dealerBatchConsumers, dealersGeocoded } from './events/dealers';
import { orderCreated, orderUpdated } from './events/orders';
import {
  createShipment,
  lockRouteStop,
  moveRouteStop,
  optimizeRoute,
  readyToShipOrders,
  routeSheet,
  saveShippingSettings,
  setRouteMode,
  shipments,
  shippingSettings,
  updateShipmentOrderStatus,
} from './http/admin/shipping';

export const shippingService = defineService({
  name: 'shipping',
  migrations: [
    Shipping1766200000000,
    ShippingLists1767400000000,
    KnownDealerDirectory1768000000000,
    SystemTimezone1769400000000,
  ],
  consumers: {
    'order.created': orderCreated,
    'order.updated': orderUpdated,
    'settings.timezone_changed': systemTimezoneChanged,
  },
  // a bulk repair announces thousands of coordinates: they are kept a batch per statement
  batchConsumers: {
    ...dealerBatchConsumers,
    'dealer.geocoded': dealersGeocoded,
  },
  handlers: {
    'admin.readyToShipOrders': readyToShipOrders,
    'admin.createShipment': createShipment,
    'admin.shipments': shipments,
    'admin.updateShipmentOrderStatus': updateShipmentOrderStatus,
    'admin.setRouteMode': setRouteMode,
    'admin.moveRouteStop': moveRouteStop,
    'admin.lockRouteStop': lockRouteStop,
    'admin.optimizeRoute': optimizeRoute,
    'admin.routeSheet': routeSheet,
    'admin.shippingSettings': shippingSettings,
    'admin.saveShippingSettings': saveShippingSettings,
  },
});
