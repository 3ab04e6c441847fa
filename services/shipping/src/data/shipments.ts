import type { RouteMode } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { OrderRecord, ShipmentRecord } from '../domain/shipment-view';

export const SHIPMENT_NOT_FOUND = 'Error: Shipment not found';

/** An order with its dealer, as shipping shows it; `shipment_id` and `position` place it in its shipment. */
const ORDER_COLUMNS = `
  o.order_id, o.dealer_id, o.status, o.total_cents::float8 AS total_cents, o.items, o.notes,
  coalesce(o.created_at, o.changed_at) AS created_at,
  to_char(coalesce(o.created_at, o.changed_at) AT TIME ZONE 'UTC', 'FMMon FMDD, YYYY') AS formatted_date,
  d.business_name, d.full_name, d.email, d.phone, d.address, d.city, d.state, d.zip_code, d.lat, d.lng`;

interface OrderRow {
  order_id: string;
  dealer_id: string;
  status: OrderRecord['status'];
  total_cents: number;
  items: OrderRecord['items'];
  notes: string | null;
  created_at: Date;
  formatted_date: string;
  business_name: string | null;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  lat: number | null;
  lng: number | null;
}

const toOrder = (row: OrderRow): OrderRecord => ({
  order_id: row.order_id,
  dealer_id: row.dealer_id,
  status: row.status,
  created_at: row.created_at.toISOString(),
  formatted_date: row.formatted_date,
  total_cents: row.total_cents,
  items: row.items,
  notes: row.notes,
  dealer: {
    business_name: row.business_name,
    full_name: row.full_name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zip_code: row.zip_code,
    lat: row.lat,
    lng: row.lng,
  },
});

/** Confirmed orders in no shipment, oldest first (they have waited longest). */
export async function listReadyOrders(manager: EntityManager): Promise<OrderRecord[]> {
  const rows: OrderRow[] = await manager.query(
    `SELECT ${ORDER_COLUMNS}
       FROM known_orders o LEFT JOIN known_dealers d USING (dealer_id)
      WHERE o.status = 'confirmed' AND NOT EXISTS (SELECT 1 FROM shipment_orders s WHERE s.order_id = o.order_id)
      ORDER BY coalesce(o.created_at, o.changed_at), o.order_id`,
  );
  return rows.map(toOrder);
}

export async function insertShipment(
  manager: EntityManager,
  shipment: { shipment_id: string; shipment_name: string; created_by: string; order_ids: readonly string[] },
): Promise<void> {
  await manager.query('INSERT INTO shipments (shipment_id, shipment_name, created_by) VALUES ($1, $2, $3)', [
    shipment.shipment_id,
    shipment.shipment_name,
    shipment.created_by,
  ]);
  await manager.query(
    `INSERT INTO shipment_orders (shipment_id, order_id, position)
     SELECT $1, id, position::int FROM unnest($2::text[]) WITH ORDINALITY AS t(id, position)`,
    [shipment.shipment_id, shipment.order_ids],
  );
}

interface ShipmentRow {
  shipment_id: string;
  shipment_name: string;
  created_at: Date;
  route_mode: RouteMode;
  stop_sequence: string[];
  locked_stops: string[];
}

const toShipment = (row: ShipmentRow): ShipmentRecord => ({ ...row, created_at: row.created_at.toISOString() });

const SHIPMENT_COLUMNS = 'shipment_id, shipment_name, created_at, route_mode, stop_sequence, locked_stops';

/** Every shipment, newest first, or the one named. */
export async function listShipments(manager: EntityManager, shipmentId?: string): Promise<ShipmentRecord[]> {
  const rows: ShipmentRow[] = shipmentId
    ? await manager.query(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE shipment_id = $1`, [shipmentId])
    : await manager.query(`SELECT ${SHIPMENT_COLUMNS} FROM shipments ORDER BY created_at DESC, shipment_id DESC`);
  return rows.map(toShipment);
}

/** A shipment, locked until the transaction ends (route changes and status updates queue behind each other). */
export async function lockShipment(manager: EntityManager, shipmentId: string): Promise<ShipmentRecord | null> {
  const rows: ShipmentRow[] = await manager.query(
    `SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE shipment_id = $1 FOR UPDATE`,
    [shipmentId],
  );
  return rows[0] ? toShipment(rows[0]) : null;
}

/** The orders of the given shipments, each shipment's in selection order. */
export async function ordersOfShipments(
  manager: EntityManager,
  shipmentIds: readonly string[],
): Promise<Map<string, OrderRecord[]>> {
  const rows: (OrderRow & { shipment_id: string })[] = await manager.query(
    `SELECT s.shipment_id, ${ORDER_COLUMNS}
       FROM shipment_orders s
       JOIN known_orders o USING (order_id)
       LEFT JOIN known_dealers d ON d.dealer_id = o.dealer_id
      WHERE s.shipment_id = ANY($1::text[])
      ORDER BY s.shipment_id, s.position`,
    [shipmentIds],
  );
  const byShipment = new Map<string, OrderRecord[]>(shipmentIds.map((id) => [id, []]));
  for (const row of rows) byShipment.get(row.shipment_id)?.push(toOrder(row));
  return byShipment;
}

export async function saveRoute(
  manager: EntityManager,
  shipmentId: string,
  route: { mode: RouteMode; sequence: readonly string[] },
): Promise<void> {
  await manager.query('UPDATE shipments SET route_mode = $2, stop_sequence = $3::text[] WHERE shipment_id = $1', [
    shipmentId,
    route.mode,
    route.sequence,
  ]);
}

export async function saveLockedStops(
  manager: EntityManager,
  shipmentId: string,
  locked: readonly string[],
): Promise<void> {
  await manager.query('UPDATE shipments SET locked_stops = $2::text[] WHERE shipment_id = $1', [shipmentId, locked]);
}

/**
 * Takes an order out of its shipment (the order service moved it back before in_shipment); a shipment left
 * without orders goes too. Answers the shipment it left, if any.
 */
export async function removeFromShipment(manager: EntityManager, orderId: string): Promise<string | null> {
  // TypeORM answers a DELETE … RETURNING as [rows, count]
  const [rows]: [{ shipment_id: string }[], number] = await manager.query(
    'DELETE FROM shipment_orders WHERE order_id = $1 RETURNING shipment_id',
    [orderId],
  );
  const shipmentId = rows[0]?.shipment_id ?? null;
  if (shipmentId)
    await manager.query(
      'DELETE FROM shipments s WHERE shipment_id = $1 AND NOT EXISTS (SELECT 1 FROM shipment_orders o WHERE o.shipment_id = s.shipment_id)',
      [shipmentId],
    );
  return shipmentId;
}
