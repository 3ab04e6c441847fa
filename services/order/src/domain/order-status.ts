import type { OrderStatus } from '@portal/contracts';

/**
 * Which status an order may move to from each status (docs/orders.md shows the same table). Forward moves may
 * skip steps (a counter pickup goes from confirmed to delivered); shipping's own moves are in_shipment to shipped
 * or delivered and shipped to delivered (001 §4); delivered is final; goods that left (in_shipment, shipped) can
 * no longer be cancelled; a cancelled order may be reopened as pending.
 */
export const ORDER_STATUS_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['confirmed', 'in_shipment', 'shipped', 'delivered', 'cancelled'],
  confirmed: ['pending', 'in_shipment', 'shipped', 'delivered', 'cancelled'],
  in_shipment: ['confirmed', 'shipped', 'delivered'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: ['pending'],
};

/** Whether the order may go from `from` to `to` (staying where it is is always allowed). */
export function canChangeStatus(from: OrderStatus, to: OrderStatus): boolean {
  return from === to || ORDER_STATUS_TRANSITIONS[from].includes(to);
}

/** The statuses an undone delivery may return to: where shipping had the order before its delivered mark. */
export type DeliveryUndoStatus = 'in_shipment' | 'shipped';

/**
 * The one way out of delivered: shipping's undo of a delivered mark (shipment.delivery_undone, sent only within
 * the mark's 10 minutes, by its driver or an admin) returns the order to in_shipment or shipped. Every other
 * path goes by ORDER_STATUS_TRANSITIONS, where delivered stays final.
 */
export function canUndoDelivery(from: OrderStatus, to: OrderStatus): to is DeliveryUndoStatus {
  return from === 'delivered' && (to === 'in_shipment' || to === 'shipped');
}

/** Lines and quantities change only while the order is pending. */
export const linesEditable = (status: OrderStatus) => status === 'pending';

/** The number shown for an order: the last 8 characters of its id, upper-cased. */
export const orderNumber = (orderId: string) => orderId.slice(-8).toUpperCase();
