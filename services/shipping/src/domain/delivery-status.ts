import type { DeliveryStatus, OrderStatus, ShipmentStatus, ShipmentStatusFilter } from '@portal/contracts';

/**
 * The changes the shipping screens may make (001 §4): in_shipment to shipped or delivered, shipped to
 * delivered; delivered is final. The order service's transition table allows the same moves.
 */
export const DELIVERY_TRANSITIONS: Readonly<Partial<Record<OrderStatus, readonly DeliveryStatus[]>>> = {
  in_shipment: ['shipped', 'delivered'],
  shipped: ['delivered'],
  delivered: [],
};

/** Why the order may not go from `from` to `to` from the shipping screens, or null when it may. */
export function deliveryChangeRefusal(from: OrderStatus, to: DeliveryStatus): string | null {
  if (DELIVERY_TRANSITIONS[from]?.includes(to)) return null;
  if (from === 'delivered') return 'Error: This order is already delivered; delivered is final';
  return `Error: An order cannot go from ${from} to ${to}`;
}

/** 001 §4: COMPLETED when every order is delivered (and there is one), IN PROGRESS when some are, else READY. */
export function shipmentStatus(statuses: readonly OrderStatus[]): ShipmentStatus {
  const delivered = statuses.filter((status) => status === 'delivered').length;
  if (statuses.length > 0 && delivered === statuses.length) return 'COMPLETED';
  if (delivered > 0) return 'IN PROGRESS';
  return 'READY';
}

/** The shipment status a list filter names (`status=in_progress` is IN PROGRESS). */
export const SHIPMENT_STATUS_OF_FILTER: Readonly<Record<ShipmentStatusFilter, ShipmentStatus>> = {
  ready: 'READY',
  in_progress: 'IN PROGRESS',
  completed: 'COMPLETED',
};

export const COMPLETED_ROUTE_REFUSAL = 'Error: This shipment is completed; its route can no longer change';

/**
 * Why the route of a shipment whose orders have these statuses may not change (mode, moves, locks, Optimise), or
 * null when it may: a COMPLETED shipment's route is the record of the trip made.
 */
export function routeChangeRefusal(statuses: readonly OrderStatus[]): string | null {
  return shipmentStatus(statuses) === 'COMPLETED' ? COMPLETED_ROUTE_REFUSAL : null;
}

/**
 * Whether a status the order service announced for an order in a shipment takes it out of the shipment: the
 * order went back before in_shipment (an admin moved it back to confirmed, reopened or cancelled it, or the order
 * service refused to ship it). A confirmed order whose previous status was confirmed is only lagging behind
 * the shipment's own move (its in_shipment is on the way) and stays.
 */
export function leavesShipment(status: OrderStatus, previousStatus: OrderStatus | null): boolean {
  if (status === 'pending' || status === 'cancelled') return true;
  return status === 'confirmed' && previousStatus !== null && previousStatus !== 'confirmed';
}
