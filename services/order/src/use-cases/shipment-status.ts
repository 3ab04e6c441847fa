import type { OrderStatus } from '@portal/contracts';
import type { Emit, ServiceContext } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { clearDelivery, findOrder, lockOrder, saveDelivery, saveOrderChanges } from '../data/orders';
import type { DeliveryProof } from '../domain/delivery-proof';
import { canChangeStatus, canUndoDelivery, type DeliveryUndoStatus } from '../domain/order-status';
import { emitOrderUpdated } from './order-events';

/** The statuses shipping asks for: in_shipment when a shipment takes an order, then shipped or delivered. */
export type ShipmentStatusRequest = 'in_shipment' | 'shipped' | 'delivered';

/**
 * Whether shipping's request may move an order from `from` to `to`, by the transition table: a shipment takes
 * only a confirmed order; shipped and delivered follow in_shipment (or confirmed, when the shipment's own
 * in_shipment has not arrived yet: events may come out of order). A pending, cancelled or delivered order is
 * not moved.
 */
export function shipmentMoveAllowed(from: OrderStatus, to: ShipmentStatusRequest): boolean {
  if (from === to) return false;
  if (to === 'in_shipment') return from === 'confirmed';
  return (from === 'confirmed' || from === 'in_shipment' || from === 'shipped') && canChangeStatus(from, to);
}

/**
 * Applies shipping's request to one order, in the consumer's transaction (the order service stays the one owner
 * of an order's status). A move the rules allow is saved and announced with order.updated; a refused one
 * re-announces the order as it is, so shipping, which showed the requested status at once, corrects its view
 * (and takes the order out of its shipment when it is pending or cancelled). A request for the status the order
 * already has changes nothing. A delivery with the driver's proof keeps it on the order (invoice, My Orders).
 */
export async function applyShipmentStatus(
  manager: EntityManager,
  emit: Emit,
  logger: ServiceContext['logger'],
  orderId: string,
  to: ShipmentStatusRequest,
  proof?: DeliveryProof,
): Promise<void> {
  const locked = await lockOrder(manager, orderId);
  const order = locked && (await findOrder(manager, orderId));
  if (!order) {
    logger.warn({ order_id: orderId, status: to }, 'shipping asked for a status of an unknown order');
    return;
  }
  if (order.status === to) return;
  if (!shipmentMoveAllowed(order.status, to)) {
    logger.info({ order_id: orderId, from: order.status, to }, 'shipping status request refused; order re-announced');
    await emitOrderUpdated(emit, order, order.status);
    return;
  }
  if (to === 'delivered' && proof) await saveDelivery(manager, orderId, proof);
  else await saveOrderChanges(manager, orderId, { status: to, notes: order.notes, total_cents: order.total_cents });
  const saved = await findOrder(manager, orderId);
  if (!saved) throw new Error(`order ${orderId} vanished while locked`);
  await emitOrderUpdated(emit, saved, order.status);
}

/**
 * Applies shipping's undo of a delivered mark (shipment.delivery_undone), in the consumer's transaction: the
 * delivered order returns to the status it had and forgets its proof, announced with order.updated like every
 * status change. This is the only way out of delivered (canUndoDelivery). An order that is not delivered (the
 * undo came late or out of order) is re-announced as it is, so shipping corrects its view.
 */
export async function undoShipmentDelivery(
  manager: EntityManager,
  emit: Emit,
  logger: ServiceContext['logger'],
  orderId: string,
  to: DeliveryUndoStatus,
): Promise<void> {
  const locked = await lockOrder(manager, orderId);
  const order = locked && (await findOrder(manager, orderId));
  if (!order) {
    logger.warn({ order_id: orderId, status: to }, 'shipping undid the delivery of an unknown order');
    return;
  }
  if (!canUndoDelivery(order.status, to)) {
    logger.info({ order_id: orderId, from: order.status, to }, 'delivery undo refused; order re-announced');
    await emitOrderUpdated(emit, order, order.status);
    return;
  }
  await clearDelivery(manager, orderId, to);
  const saved = await findOrder(manager, orderId);
  if (!saved) throw new Error(`order ${orderId} vanished while locked`);
  await emitOrderUpdated(emit, saved, order.status);
}
