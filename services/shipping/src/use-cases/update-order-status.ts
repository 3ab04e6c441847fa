import { type DeliveryStatus, type Shipment, ShipmentOrderStatusChanged } from '@portal/contracts';
import { conflict, notFound } from '@portal/platform';
import type { ShippingContext } from '../context';
import { lockOrders, saveRequestedStatus } from '../data/known-orders';
import { lockShipment, SHIPMENT_NOT_FOUND } from '../data/shipments';
import { deliveryChangeRefusal } from '../domain/delivery-status';
import { viewOf } from './shipments';

export const ORDER_NOT_IN_SHIPMENT = 'Error: This order is not in this shipment';

/**
 * Delivery marks an order of a shipment shipped or delivered (001 §4: in_shipment to shipped or delivered,
 * shipped to delivered, delivered final). Shipping asks the order service through
 * shipment.order_status_changed and shows the new status at once.
 */
export async function updateOrderStatus(
  ctx: ShippingContext,
  shipmentId: string,
  orderId: string,
  status: DeliveryStatus,
): Promise<Shipment> {
  return ctx.transaction(async (manager, emit) => {
    const shipment = await lockShipment(manager, shipmentId);
    if (!shipment) throw notFound(SHIPMENT_NOT_FOUND);
    const [order] = await lockOrders(manager, [orderId]);
    if (!order || order.shipment_id !== shipmentId) throw notFound(ORDER_NOT_IN_SHIPMENT);
    const refusal = deliveryChangeRefusal(order.status, status);
    if (refusal) throw conflict(refusal);
    await saveRequestedStatus(manager, [orderId], status, new Date().toISOString());
    await emit(ShipmentOrderStatusChanged, orderId, { shipment_id: shipmentId, order_id: orderId, status });
    return viewOf(manager, shipment);
  });
}
