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

/** Lines and quantities change only while the order is pending. */
export const linesEditable = (status: OrderStatus) => status === 'pending';

/** The number shown for an order: the last 8 characters of its id, upper-cased. */
export const orderNumber = (orderId: string) => orderId.slice(-8).toUpperCase();
