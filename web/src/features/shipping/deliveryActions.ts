import type { DeliveryStatus, OrderStatus, ShipmentStatus } from '@portal/contracts';
import { countOf } from '../../format/count';

/**
 * The status buttons an order of a shipment offers (001 §4): in_shipment may go to shipped or delivered,
 * shipped to delivered; delivered is final, and nothing else is changed from the shipping screens.
 */
export function deliveryActions(status: OrderStatus): DeliveryStatus[] {
  if (status === 'in_shipment') return ['shipped', 'delivered'];
  if (status === 'shipped') return ['delivered'];
  return [];
}

export const DELIVERY_ACTION_LABELS: Record<DeliveryStatus, string> = {
  shipped: 'Mark Shipped',
  delivered: 'Mark Delivered',
};

/** The badge class of a derived shipment status: done (COMPLETED), under way (IN PROGRESS) or ready. */
export function shipmentStatusClass(status: ShipmentStatus): string {
  if (status === 'COMPLETED') return 'shipment-status shipment-status--completed';
  if (status === 'IN PROGRESS') return 'shipment-status shipment-status--in-progress';
  return 'shipment-status shipment-status--ready';
}

/** What a shipment card's progress line says, e.g. "1 of 3 orders delivered, 1 shipped". */
export function deliveryProgress(stats: { delivered_orders: number; shipped_orders: number }, total: number): string {
  const shipped = stats.shipped_orders > 0 ? `, ${stats.shipped_orders} shipped` : '';
  return `${stats.delivered_orders} of ${countOf(total, 'order', 'orders')} delivered${shipped}`;
}
