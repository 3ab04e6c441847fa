import type { RouteMode, Shipment } from '@portal/contracts';
import { conflict, notFound, recordAudit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { ShippingContext } from '../context';
import { readRouteSettings } from '../data/route-settings';
import { lockShipment, ordersOfShipments, SHIPMENT_NOT_FOUND, saveLockedStops, saveRoute } from '../data/shipments';
import { routeChangeRefusal } from '../domain/delivery-status';
import { optimizeStops } from '../domain/optimize-route';
import { moveStopInOrder } from '../domain/route-order';
import { routeOrder, routeStart, type ShipmentRecord } from '../domain/shipment-view';
import { viewOf } from './shipments';

export const STOP_NOT_ON_ROUTE = 'Error: This dealer is not a stop of this route';
const MOVE_REFUSED = {
  first: 'Error: The first stop cannot move up',
  last: 'Error: The last stop cannot move down',
} as const;

/**
 * Runs `change` on a locked shipment and its stops in their current order; answers the shipment afterwards. A
 * COMPLETED shipment's route no longer changes (409).
 */
async function withRoute(
  ctx: ShippingContext,
  shipmentId: string,
  action: string,
  change: (manager: EntityManager, shipment: ShipmentRecord, stops: ReturnType<typeof routeOrder>) => Promise<void>,
): Promise<Shipment> {
  return ctx.transaction(async (manager, emit) => {
    const shipment = await lockShipment(manager, shipmentId);
    if (!shipment) throw notFound(SHIPMENT_NOT_FOUND);
    const orders = (await ordersOfShipments(manager, [shipmentId])).get(shipmentId) ?? [];
    const refusal = routeChangeRefusal(orders.map((order) => order.status));
    if (refusal) throw conflict(refusal);
    await change(manager, shipment, routeOrder(shipment, orders));
    const changed = (await lockShipment(manager, shipmentId)) ?? shipment;
    await recordAudit(emit, {
      action,
      entity: 'shipment',
      entity_id: shipmentId,
      before: routeOf(shipment),
      after: routeOf(changed),
    });
    return viewOf(manager, changed);
  });
}

/** What a route edit changes, as the audit log compares it. */
const routeOf = (shipment: ShipmentRecord) => ({
  route_mode: shipment.route_mode,
  stop_sequence: shipment.stop_sequence,
  locked_stops: shipment.locked_stops,
});

/** Orders the stops by a mode of 001 §4; manual keeps the order shown now. */
export const changeRouteMode = (ctx: ShippingContext, shipmentId: string, mode: Exclude<RouteMode, 'optimized'>) =>
  withRoute(ctx, shipmentId, 'shipment.route_mode_changed', async (manager, shipment, stops) => {
    const sequence = mode === 'manual' ? stops.map((stop) => stop.dealer_id) : shipment.stop_sequence;
    await saveRoute(manager, shipmentId, { mode, sequence });
  });

/** Moves one stop up or down; the route becomes manual (001 §4). */
export const moveStop = (ctx: ShippingContext, shipmentId: string, dealerId: string, direction: 'up' | 'down') =>
  withRoute(ctx, shipmentId, 'shipment.stop_moved', async (manager, _shipment, stops) => {
    const moved = moveStopInOrder(
      stops.map((stop) => stop.dealer_id),
      dealerId,
      direction,
    );
    if (!moved.ok)
      throw moved.reason === 'unknown' ? notFound(STOP_NOT_ON_ROUTE) : conflict(MOVE_REFUSED[moved.reason]);
    await saveRoute(manager, shipmentId, { mode: 'manual', sequence: moved.order });
  });

/** Locks a stop where it is (Optimise keeps it there) or unlocks it. */
export const lockStop = (ctx: ShippingContext, shipmentId: string, dealerId: string, locked: boolean) =>
  withRoute(ctx, shipmentId, 'shipment.stop_lock_changed', async (manager, shipment, stops) => {
    if (!stops.some((stop) => stop.dealer_id === dealerId)) throw notFound(STOP_NOT_ON_ROUTE);
    const others = shipment.locked_stops.filter((id) => id !== dealerId);
    await saveLockedStops(manager, shipmentId, locked ? [...others, dealerId] : others);
  });

/**
 * Optimise (beyond the spec): from the start point (the settings', else the default map centre), nearest
 * neighbour then 2-opt and or-opt; locked stops and stops without coordinates keep their places.
 */
export const reoptimizeRoute = (ctx: ShippingContext, shipmentId: string) =>
  withRoute(ctx, shipmentId, 'shipment.route_optimized', async (manager, shipment, stops) => {
    const start = routeStart(await readRouteSettings(manager));
    const sequence = optimizeStops(stops, new Set(shipment.locked_stops), start);
    await saveRoute(manager, shipmentId, { mode: 'optimized', sequence });
  });
