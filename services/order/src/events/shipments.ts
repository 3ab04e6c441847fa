import type { BaseConfig, Consumer } from '@portal/platform';
import { deliveryProof } from '../domain/delivery-proof';
import { rememberShipmentAssigned, rememberShipmentDeparture } from '../use-cases/order-timeline';
import { applyShipmentStatus, undoShipmentDelivery } from '../use-cases/shipment-status';

/**
 * The shipping service's events: its orders move to in_shipment when a shipment takes them, then to shipped or
 * delivered as delivery marks them. Each change goes through the order's transition rules and is announced with
 * order.updated, which is how shipping learns the status back.
 */

export const shipmentCreated: Consumer<'shipment.created', BaseConfig> = async (event, ctx) => {
  // one id order for every locker of several orders: no deadlock
  for (const orderId of [...event.payload.order_ids].sort())
    await applyShipmentStatus(ctx.manager, ctx.emit, ctx.logger, orderId, 'in_shipment');
  await rememberShipmentAssigned(ctx.manager, event.payload.shipment_id, event.payload.order_ids, event.occurredAt);
};

export const shipmentOrderStatusChanged: Consumer<'shipment.order_status_changed', BaseConfig> = (event, ctx) => {
  const { order_id, status, delivery } = event.payload;
  const proof = status === 'delivered' && delivery ? deliveryProof(delivery, event.occurredAt) : undefined;
  return applyShipmentStatus(ctx.manager, ctx.emit, ctx.logger, order_id, status, proof);
};

/** A delivered mark undone within its 10 minutes: the order goes back and forgets the proof. */
export const shipmentDeliveryUndone: Consumer<'shipment.delivery_undone', BaseConfig> = (event, ctx) =>
  undoShipmentDelivery(ctx.manager, ctx.emit, ctx.logger, event.payload.order_id, event.payload.status);

/** A route left: each of its orders keeps the route, the departure and its stop's ETA (the dealer's timeline). */
export const shipmentDeparted: Consumer<'shipment.departed', BaseConfig> = (event, ctx) =>
  rememberShipmentDeparture(ctx.manager, event.payload, event.occurredAt);
