import type { Shipment } from '@portal/contracts';
import { notFound } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { ShippingContext } from '../context';
import { readRouteSettings } from '../data/route-settings';
import { listReadyOrders, listShipments, ordersOfShipments, SHIPMENT_NOT_FOUND } from '../data/shipments';
import { type OrderRecord, type ShipmentRecord, shipmentView } from '../domain/shipment-view';

/** Orders ready to ship: confirmed and in no shipment. */
export const readyOrders = (ctx: ShippingContext): Promise<OrderRecord[]> => listReadyOrders(ctx.db.manager);

/** Every shipment with its route, orders and progress, newest first. */
export async function shipments(ctx: ShippingContext): Promise<Shipment[]> {
  const manager = ctx.db.manager;
  const records = await listShipments(manager);
  const orders = await ordersOfShipments(
    manager,
    records.map((shipment) => shipment.shipment_id),
  );
  const settings = await readRouteSettings(manager);
  return records.map((shipment) => shipmentView(shipment, orders.get(shipment.shipment_id) ?? [], settings));
}

/** One shipment as the screens show it (inside a use case's transaction, after its change). */
export async function shipmentNow(manager: EntityManager, shipmentId: string): Promise<Shipment> {
  const [record] = await listShipments(manager, shipmentId);
  if (!record) throw notFound(SHIPMENT_NOT_FOUND);
  return viewOf(manager, record);
}

export async function viewOf(manager: EntityManager, record: ShipmentRecord): Promise<Shipment> {
  const orders = await ordersOfShipments(manager, [record.shipment_id]);
  return shipmentView(record, orders.get(record.shipment_id) ?? [], await readRouteSettings(manager));
}
