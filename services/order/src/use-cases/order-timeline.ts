import { centsToDollars, type OrderTimeline, type OrderTimelineStep, orderNumber } from '@portal/contracts';
import { type AuthUser, notFound } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { OrderContext } from '../context';
import {
  type DepartedStop,
  findTimelineFacts,
  recordShipmentAssigned,
  recordShipmentDeparture,
} from '../data/order-timeline';
import { ORDER_NOT_FOUND } from '../data/orders';
import { orderTimeline, type TimelineStep } from '../domain/order-timeline';

/** A step as the contract has it: money in dollars, made from cents only here. */
function stepView({ amount_cents, ...step }: TimelineStep): OrderTimelineStep {
  return amount_cents === undefined ? step : { ...step, amount: centsToDollars(amount_cents) };
}

/**
 * The timeline of an order, for an admin or for the dealer whose order it is (another dealer's order is answered
 * as missing, 404, as the invoice PDF is, so order ids cannot be probed).
 */
export async function readOrderTimeline(ctx: OrderContext, viewer: AuthUser, orderId: string): Promise<OrderTimeline> {
  const facts = await findTimelineFacts(ctx.db.manager, orderId);
  if (!facts || (viewer.role === 'dealer' && facts.dealer_id !== viewer.dealerId)) throw notFound(ORDER_NOT_FOUND);
  return {
    order_id: facts.order_id,
    order_number: orderNumber(facts.order_id),
    status: facts.status,
    steps: orderTimeline(facts).map(stepView),
  };
}

/** shipment.created, for the timeline: when each order went on the route (in the consumer's transaction). */
export const rememberShipmentAssigned = (
  manager: EntityManager,
  shipmentId: string,
  orderIds: readonly string[],
  occurredAt: string,
) => recordShipmentAssigned(manager, shipmentId, orderIds, occurredAt);

/** shipment.departed: the route's name, departure and each order's stop ETA, kept on the orders for the timeline. */
export const rememberShipmentDeparture = (
  manager: EntityManager,
  departure: { shipment_id: string; shipment_name: string; departed_at: string; stops: readonly DepartedStop[] },
  occurredAt: string,
) => recordShipmentDeparture(manager, departure, occurredAt);
