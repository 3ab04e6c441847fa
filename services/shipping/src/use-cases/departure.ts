import { ShipmentDeparted } from '@portal/contracts';
import type { Emit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { readRouteSettings } from '../data/route-settings';
import { markDeparted } from '../data/shipment-drivers';
import { ordersOfShipments } from '../data/shipments';
import { type ShipmentRecord, shipmentView } from '../domain/shipment-view';

const MINUTE_MS = 60_000;

/**
 * The route leaves with its first order marked shipped (or delivered): the first such mark records
 * `departed_at` and emits shipment.departed with every stop still served (its orders that are not cancelled)
 * and its ETA (departure plus the stop's minutes on the route as the screens show it). Later marks change
 * nothing. Answers whether this call recorded the departure. Runs in the caller's transaction.
 */
export async function recordDepartureIfFirst(
  manager: EntityManager,
  emit: Emit,
  shipment: ShipmentRecord,
  at: Date,
): Promise<boolean> {
  if (shipment.departed_at !== null) return false;
  if (!(await markDeparted(manager, shipment.shipment_id, at))) return false;
  const orders = (await ordersOfShipments(manager, [shipment.shipment_id])).get(shipment.shipment_id) ?? [];
  const view = shipmentView(shipment, orders, await readRouteSettings(manager));
  const cancelled = new Set(orders.filter((order) => order.status === 'cancelled').map((order) => order.order_id));
  const stops = view.route
    .map((stop) => ({
      dealer_id: stop.dealer_id,
      stop_number: stop.stop_number,
      order_ids: stop.order_ids.filter((id) => !cancelled.has(id)),
      eta_at: stop.eta_minutes === null ? null : new Date(at.getTime() + stop.eta_minutes * MINUTE_MS).toISOString(),
    }))
    .filter((stop) => stop.order_ids.length > 0);
  await emit(ShipmentDeparted, shipment.shipment_id, {
    shipment_id: shipment.shipment_id,
    shipment_name: shipment.shipment_name,
    departed_at: at.toISOString(),
    driver:
      shipment.driver_email === null
        ? null
        : { email: shipment.driver_email, full_name: shipment.driver_name ?? shipment.driver_email },
    stops,
  });
  return true;
}
