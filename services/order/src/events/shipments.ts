import type { BaseConfig, Consumer } from '@portal/platform';
import { applyShipmentStatus } from '../use-cases/shipment-status';

/**
 * The shipping service's events: its orders move to in_shipment when a shipment takes them, then to shipped or
 * delivered as delivery marks them. Each change goes through the order's transition rules and is announced with
 * order.updated, which is how shipping learns the status back.
 */

export const shipmentCreated: Consumer<'shipment.created', BaseConfig> = async (event, ctx) => {
  // one id order for every locker of several orders: no deadlock
  for (const orderId of [...event.payload.order_ids].sort())
    await applyShipmentStatus(ctx.manager, ctx.emit, ctx.logger, orderId, 'in_shipment');
};

export const shipmentOrderStatusChanged: Consumer<'shipment.order_status_changed', BaseConfig> = (event, ctx) =>
  applyShipmentStatus(ctx.manager, ctx.emit, ctx.logger, event.payload.order_id, event.payload.status);
