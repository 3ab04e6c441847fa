import type { ReadyOrderListQuery, Shipment, ShipmentListQuery, ShipmentSummary } from '@portal/contracts';
import { type AuthUser, notFound, type Page } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { ShippingContext } from '../context';
import { readRouteSettings } from '../data/route-settings';
import {
  findShipment,
  listReadyOrders,
  listShipments,
  orderBriefsOfShipments,
  ordersOfShipments,
  SHIPMENT_NOT_FOUND,
  type ShipmentFilter,
} from '../data/shipments';
import { SHIPMENT_STATUS_OF_FILTER } from '../domain/delivery-status';
import { type OrderRecord, type ShipmentRecord, shipmentSummaryView, shipmentView } from '../domain/shipment-view';
import { driverFilter } from './drivers';

/** Orders ready to ship: confirmed and in no shipment, oldest first unless sorted; a page when asked for. */
export function readyOrders(ctx: ShippingContext, query: ReadyOrderListQuery = {}): Promise<Page<OrderRecord>> {
  const { limit, cursor, sort, ...filter } = query;
  return listReadyOrders(ctx.db.manager, filter, { limit, cursor, sort });
}

/** The list query's filters as the repository takes them (`driver=me` is the caller). */
function shipmentFilter(query: ShipmentListQuery, user: Pick<AuthUser, 'email'>): ShipmentFilter {
  return {
    q: query.q,
    statuses: query.status?.map((name) => SHIPMENT_STATUS_OF_FILTER[name]),
    driver: driverFilter(query.driver, user),
  };
}

/** The shipments with their routes, orders and progress, newest first unless sorted; a page when asked for. */
export async function shipmentList(
  ctx: ShippingContext,
  user: Pick<AuthUser, 'email'>,
  query: ShipmentListQuery = {},
): Promise<Page<Shipment>> {
  const { limit, cursor, sort } = query;
  const manager = ctx.db.manager;
  const page = await listShipments(manager, shipmentFilter(query, user), { limit, cursor, sort });
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

/**
 * The shipments as collapsed cards (what a phone lists): the same page as `shipmentList`, read without the
 * orders' lines or the route's links.
 */
export async function shipmentSummaryList(
  ctx: ShippingContext,
  user: Pick<AuthUser, 'email'>,
  query: ShipmentListQuery = {},
): Promise<Page<ShipmentSummary>> {
  const { limit, cursor, sort } = query;
  const manager = ctx.db.manager;
  const page = await listShipments(manager, shipmentFilter(query, user), { limit, cursor, sort });
  const orders = await orderBriefsOfShipments(
    manager,
    page.rows.map((shipment) => shipment.shipment_id),
  );
  const settings = await readRouteSettings(manager);
  return {
    ...page,
    rows: page.rows.map((shipment) => shipmentSummaryView(shipment, orders.get(shipment.shipment_id) ?? [], settings)),
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
