import { randomUUID } from 'node:crypto';
import { type DeliveryStatus, type Shipment, ShipmentOrderStatusChanged } from '@portal/contracts';
import { type AuthUser, notFound, recordAudit } from '@portal/platform';
import type { ShippingContext } from '../context';
import { saveRequestedStatus } from '../data/known-orders';
import { lockShipment, SHIPMENT_NOT_FOUND } from '../data/shipments';
import { lockOrderForMark, markDelivered } from './delivery-proof';
import { recordDepartureIfFirst } from './departure';
import { assertMayDrive } from './drivers';
import { claimOrKept, idempotentRequest, keptOutcome } from './idempotent-requests';
import { shipmentNow, viewOf } from './shipments';

export { ORDER_NOT_IN_SHIPMENT } from './delivery-proof';

/**
 * Delivery marks an order of a shipment shipped or delivered (001 §4: in_shipment to shipped or delivered,
 * shipped to delivered, delivered final). Shipping asks the order service through
 * shipment.order_status_changed and shows the new status at once. A delivery user works only routes nobody drives
 * or their own; the route's first such mark is its departure. A delivered mark is recorded without proof (so it
 * can be undone like one with a proof); a cancelled order is refused with that reason. An Idempotency-Key makes
 * a replay (an offline phone's queue) answer the shipment as it is now and change nothing.
 */
export async function updateOrderStatus(
  ctx: ShippingContext,
  user: AuthUser,
  shipmentId: string,
  orderId: string,
  status: DeliveryStatus,
  idempotencyKey: string | null = null,
): Promise<Shipment> {
  const request = idempotentRequest(user.sub, idempotencyKey, {
    endpoint: 'admin.updateShipmentOrderStatus',
    shipment_id: shipmentId,
    order_id: orderId,
    status,
  });
  if (await keptOutcome(ctx.db.manager, request)) return shipmentNow(ctx.db.manager, shipmentId);
  return ctx.transaction(async (manager, emit) => {
    const shipment = await lockShipment(manager, shipmentId);
    if (!shipment) throw notFound(SHIPMENT_NOT_FOUND);
    // a concurrent replay waited on the shipment's lock for the first attempt: it answers, changing nothing
    if (await claimOrKept(manager, request, { order_id: orderId, status })) return shipmentNow(manager, shipmentId);
    assertMayDrive(ctx, shipment, user);
    const previousStatus = await lockOrderForMark(manager, shipmentId, orderId, status);
    const now = ctx.deps.clock();
    if (status === 'delivered') {
      await markDelivered(manager, emit, {
        proofId: randomUUID(),
        shipment,
        orderId,
        previousStatus,
        user,
        now,
        proof: null,
      });
      return shipmentNow(manager, shipmentId);
    }
    await saveRequestedStatus(manager, [orderId], status, now.toISOString());
    await recordAudit(emit, {
      action: 'order.status_changed',
      entity: 'order',
      entity_id: orderId,
      before: { shipment_id: shipmentId, status: previousStatus },
      after: { shipment_id: shipmentId, status },
    });
    await emit(ShipmentOrderStatusChanged, orderId, { shipment_id: shipmentId, order_id: orderId, status });
    const departed = await recordDepartureIfFirst(manager, emit, shipment, now);
    return viewOf(manager, departed ? { ...shipment, departed_at: now.toISOString() } : shipment);
  });
}
