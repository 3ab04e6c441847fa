import type { DealerSnapshot, OrderStatus } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { saveDealerCoordinates, saveDealerFields } from '../data/known-dealers';
import { type AnnouncedOrder, saveAnnouncedOrder } from '../data/known-orders';
import { removeFromShipment } from '../data/shipments';
import { leavesShipment } from '../domain/delivery-status';

/**
 * What shipping remembers of other services' records, applied in the consumer's transaction (which also records
 * the event as processed, so a redelivery changes nothing). `occurredAt` keeps the newest state when events
 * arrive out of order.
 */

/**
 * An order as the order service announced it. When this newer state takes an order in a shipment back before
 * in_shipment (see leavesShipment), the order leaves its shipment and is ready to ship again if confirmed.
 */
export async function rememberOrder(
  manager: EntityManager,
  order: AnnouncedOrder,
  previousStatus: OrderStatus | null,
  occurredAt: string,
): Promise<void> {
  const applied = await saveAnnouncedOrder(manager, order, occurredAt);
  if (applied && leavesShipment(order.status, previousStatus)) await removeFromShipment(manager, order.order_id);
}

export const rememberDealer = (manager: EntityManager, dealer: DealerSnapshot, occurredAt: string) =>
  saveDealerFields(manager, dealer, occurredAt);

export const rememberDealerCoordinates = (
  manager: EntityManager,
  dealerId: string,
  coordinates: { lat: number | null; lng: number | null },
  occurredAt: string,
) => saveDealerCoordinates(manager, dealerId, coordinates, occurredAt);
