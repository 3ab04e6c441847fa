import type { OrderStatus } from '@portal/contracts';
import { dealerDirectory } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { type AnnouncedCoordinates, KNOWN_DEALERS, saveManyDealerCoordinates } from '../data/known-dealers';
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

/**
 * The dealers the stops and route sheets show: the platform's dealer read model. Its coordinates come from
 * dealer.geocoded, which carries its own time, so a dealer change has nothing more to do here.
 */
export const knownDealers = dealerDirectory(KNOWN_DEALERS);

/** The coordinates dealer.geocoded announced, newest per dealer kept. */
export const rememberDealerCoordinates = (manager: EntityManager, announced: readonly AnnouncedCoordinates[]) =>
  saveManyDealerCoordinates(manager, announced);
