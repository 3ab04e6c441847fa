import { defineService, systemTimezoneChanged } from '@portal/platform';
import { ShippingConfig } from './config';
import { Shipping1766200000000 } from './data/migrations/1766200000000-shipping';
import { ShippingLists1767400000000 } from './data/migrations/1767400000000-shipping-lists';
import { KnownDealerDirectory1768000000000 } from './data/migrations/1768000000000-known-dealer-directory';
import { SystemTimezone1769400000000 } from './data/migrations/1769400000000-system-timezone';
import { ShipmentDrivers1769600000000 } from './data/migrations/1769600000000-shipment-drivers';
import { DeliveryProofs1769700000000 } from './data/migrations/1769700000000-delivery-proofs';
import { shippingDependencies } from './dependencies';
import { dealerBatchConsumers, dealersGeocoded } from './events/dealers';
import { orderCreated, orderUpdated } from './events/orders';
import { dealerProof, deliveryProof, recordProof, undoDeliveryMark } from './http/admin/delivery-proof';
import {
  assignShipmentDriver,
  createShipment,
  lockRouteStop,
  moveRouteStop,
  optimizeRoute,
  readyToShipOrders,
  routeSheet,
  saveShippingSettings,
  setRouteMode,
  shipment,
  shipmentSummaries,
  shipments,
  shippingSettings,
  updateShipmentOrderStatus,
} from './http/admin/shipping';
import { deliveryProofImage } from './http/public/proof-images';

export const shippingService = defineService({
  name: 'shipping',
  config: ShippingConfig,
  migrations: [
    Shipping1766200000000,
    ShippingLists1767400000000,
    KnownDealerDirectory1768000000000,
    SystemTimezone1769400000000,
    ShipmentDrivers1769600000000,
    DeliveryProofs1769700000000,
  ],
  dependencies: shippingDependencies,
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
    'admin.shipmentSummaries': shipmentSummaries,
    'admin.shipment': shipment,
    'admin.assignShipmentDriver': assignShipmentDriver,
    'admin.updateShipmentOrderStatus': updateShipmentOrderStatus,
    'admin.setRouteMode': setRouteMode,
    'admin.moveRouteStop': moveRouteStop,
    'admin.lockRouteStop': lockRouteStop,
    'admin.optimizeRoute': optimizeRoute,
    'admin.routeSheet': routeSheet,
    'admin.shippingSettings': shippingSettings,
    'admin.saveShippingSettings': saveShippingSettings,
    'admin.recordDeliveryProof': recordProof,
    'admin.deliveryProof': deliveryProof,
    'admin.undoDelivery': undoDeliveryMark,
    'dealer.orderProof': dealerProof,
    'public.deliveryProofImage': deliveryProofImage,
  },
});
