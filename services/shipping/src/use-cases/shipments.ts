import type { ReadyOrderListQuery, Shipment, ShipmentListQuery } from '@portal/contracts';
import { notFound, type Page } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { ShippingContext } from '../context';
import { readRouteSettings } from '../data/route-settings';
import { findShipment, listReadyOrders, listShipments, ordersOfShipments, SHIPMENT_NOT_FOUND } from '../data/shipments';
import { SHIPMENT_STATUS_OF_FILTER } from '../domain/delivery-status';
import { type OrderRecord, type ShipmentRecord, shipmentView } from '../domain/shipment-view';

/** Orders ready to ship: confirmed and in no shipment, oldest first unless sorted; a page when asked for. */
export function readyOrders(ctx: ShippingContext, query: ReadyOrderListQuery = {}): Promise<Page<OrderRecord>> {
  const { limit, cursor, sort, ...filter } = query;
  return listReadyOrders(ctx.db.manager, filter, { limit, cursor, sort });
}

/** The shipments with their routes, orders and progress, newest first unless sorted; a page when asked for. */
export async function shipmentList(ctx: ShippingContext, query: ShipmentListQuery = {}): Promise<Page<Shipment>> {
  const { limit, cursor, sort, q, status } = query;
  const manager = ctx.db.manager;
  const page = await listShipments(
    manager,
    { q, statuses: status?.map((name) => SHIPMENT_STATUS_OF_FILTER[name]) },
    { limit, cursor, sort },
  );
  const orders = await ordersOfShipments(
    manager,
    page.rows.map((shipment) => shipment.shipment_id),
  );
  const settings = await readRouteSettings(manager);
  return {
    ...page,
    rows: page.rows.map((shipment) => shipmentView(shipment, orders.get(shipment.shipment_id) ?? [], settings)),
  };
}

/** One shipment as the screens show it (inside a use case's transaction, after its change). */
export async function shipmentNow(manager: EntityManager, shipmentId: string): Promise<Shipment> {
  const record = await findShipment(manager, shipmentId);
  if (!record) throw notFound(SHIPMENT_NOT_FOUND);
  return viewOf(manager, record);
}

export async function viewOf(manager: EntityManager, record: ShipmentRecord): Promise<Shipment> {
  const orders = await ordersOfShipments(manager, [record.shipment_id]);
  return shipmentView(record, orders.get(record.shipment_id) ?? [], await readRouteSettings(manager));
}
