import type { RouteMode, ShipmentStatus } from '@portal/contracts';
import {
  containsPattern,
  type KeysetOrders,
  type Page,
  type PageRequest,
  readPage,
  SYSTEM_TIMEZONE_SQL,
} from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { OrderBrief, OrderDelivery, OrderRecord, ShipmentRecord } from '../domain/shipment-view';

export const SHIPMENT_NOT_FOUND = 'Error: Shipment not found';

/**
 * An order with its dealer, as shipping shows it (its day in the system timezone, read once per statement);
 * `shipment_id` and `position` place it in its shipment.
 */
const ORDER_COLUMNS = `
  o.order_id, o.dealer_id, o.status, o.total_cents::float8 AS total_cents, o.items, o.notes,
  coalesce(o.created_at, o.changed_at) AS created_at,
  to_char(coalesce(o.created_at, o.changed_at) AT TIME ZONE ${SYSTEM_TIMEZONE_SQL}, 'FMMon FMDD, YYYY') AS formatted_date,
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

type DealerColumns = Pick<OrderRow, keyof OrderRecord['dealer']>;

const toDealer = (row: DealerColumns): OrderRecord['dealer'] => ({
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
});

const toOrder = (row: OrderRow): OrderRecord => ({
  order_id: row.order_id,
  dealer_id: row.dealer_id,
  status: row.status,
  created_at: row.created_at.toISOString(),
  formatted_date: row.formatted_date,
  total_cents: row.total_cents,
  items: row.items,
  notes: row.notes,
  dealer: toDealer(row),
});

/** The order's current delivered mark (delivery_proofs p, not undone), in brief. */
const DELIVERY_COLUMNS = `p.captured_at AS delivery_captured_at, p.recorded_at AS delivery_recorded_at,
  p.recipient_name AS delivery_recipient_name, p.recorded_by AS delivery_recorded_by,
  p.signature_key IS NOT NULL AS delivery_has_signature, cardinality(p.photo_keys) AS delivery_photo_count`;

interface DeliveryColumns {
  delivery_captured_at: Date | null;
  delivery_recorded_at: Date | null;
  delivery_recipient_name: string | null;
  delivery_recorded_by: string | null;
  delivery_has_signature: boolean | null;
  delivery_photo_count: number | null;
}

const toDelivery = (row: DeliveryColumns): OrderDelivery | null =>
  row.delivery_captured_at && row.delivery_recorded_at
    ? {
        delivered_at: row.delivery_captured_at.toISOString(),
        recorded_at: row.delivery_recorded_at.toISOString(),
        recipient_name: row.delivery_recipient_name,
        delivered_by: row.delivery_recorded_by ?? '',
        has_signature: row.delivery_has_signature === true,
        photo_count: row.delivery_photo_count ?? 0,
      }
    : null;

export type ReadyOrderSort = 'created_at' | 'dealer_business_name';

/** The orders of the ready-to-ship list: oldest first (they have waited longest), or by the dealer's name. */
const READY_ORDERS: KeysetOrders<ReadyOrderSort> = {
  sorts: {
    created_at: [{ sql: 'coalesce(o.created_at, o.changed_at)', type: 'timestamptz' }],
    dealer_business_name: [
      { sql: 'd.business_name', type: 'text', nullable: true },
      { sql: 'coalesce(o.created_at, o.changed_at)', type: 'timestamptz' },
    ],
  },
  tieBreaker: { sql: 'o.order_id', type: 'text' },
  defaultSort: 'created_at',
};

export interface ReadyOrderFilter {
  /** order number, the dealer's business name, city or state */
  q?: string;
  /** the dealers' states */
  state?: readonly string[];
  dealer_id?: string;
}

/** A collector of SQL parameters: answers `$n` for each value added. */
function parameters() {
  const params: unknown[] = [];
  return {
    params,
    add: (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

/** Confirmed orders in no shipment, filtered, in the request's order (or the whole list when no page is asked). */
export async function listReadyOrders(
  manager: EntityManager,
  filter: ReadyOrderFilter = {},
  request: PageRequest = {},
): Promise<Page<OrderRecord>> {
  const { params, add } = parameters();
  const where = [
    "o.status = 'confirmed'",
    'NOT EXISTS (SELECT 1 FROM shipment_orders s WHERE s.order_id = o.order_id)',
  ];
  if (filter.q) {
    const pattern = add(containsPattern(filter.q));
    // the order number is the last 8 characters of the order id
    where.push(
      `right(o.order_id, 8) ILIKE ${pattern} OR d.business_name ILIKE ${pattern} OR d.city ILIKE ${pattern} OR d.state ILIKE ${pattern}`,
    );
  }
  if (filter.state?.length) where.push(`d.state = ANY(${add(filter.state)}::text[])`);
  if (filter.dealer_id) where.push(`o.dealer_id = ${add(filter.dealer_id)}`);
  const page = await readPage<OrderRow & Record<string, unknown>, ReadyOrderSort>(manager, READY_ORDERS, request, {
    select: ORDER_COLUMNS,
    from: 'FROM known_orders o LEFT JOIN known_dealers d USING (dealer_id)',
    where,
    params,
    filterKey: filter,
  });
  return { ...page, rows: page.rows.map(toOrder) };
}

export async function insertShipment(
  manager: EntityManager,
  shipment: {
    shipment_id: string;
    shipment_name: string;
    created_by: string;
    order_ids: readonly string[];
    driver: { email: string; full_name: string } | null;
  },
): Promise<void> {
  await manager.query(
    'INSERT INTO shipments (shipment_id, shipment_name, created_by, driver_email, driver_name) VALUES ($1, $2, $3, $4, $5)',
    [
      shipment.shipment_id,
      shipment.shipment_name,
      shipment.created_by,
      shipment.driver?.email ?? null,
      shipment.driver?.full_name ?? null,
    ],
  );
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
  driver_email: string | null;
  driver_name: string | null;
  departed_at: Date | null;
}

const toShipment = (row: ShipmentRow): ShipmentRecord => ({
  ...row,
  created_at: row.created_at.toISOString(),
  departed_at: row.departed_at?.toISOString() ?? null,
});

const SHIPMENT_COLUMNS =
  'shipment_id, shipment_name, created_at, route_mode, stop_sequence, locked_stops, driver_email, driver_name, departed_at';

/** The shipment named. */
export async function findShipment(manager: EntityManager, shipmentId: string): Promise<ShipmentRecord | null> {
  const rows: ShipmentRow[] = await manager.query(`SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE shipment_id = $1`, [
    shipmentId,
  ]);
  return rows[0] ? toShipment(rows[0]) : null;
}

export type ShipmentSort = 'created_at' | 'status';

/** The orders of the shipments list: newest first, or by status (as kept by the migration's triggers). */
const SHIPMENT_ORDERS: KeysetOrders<ShipmentSort> = {
  sorts: {
    created_at: [{ sql: 's.created_at', type: 'timestamptz' }],
    status: [
      { sql: 's.status', type: 'text' },
      { sql: 's.created_at', type: 'timestamptz' },
    ],
  },
  tieBreaker: { sql: 's.shipment_id', type: 'text' },
  defaultSort: '-created_at',
};

export interface ShipmentFilter {
  /** shipment id or name, or the business name of a dealer one of its orders is for */
  q?: string;
  statuses?: readonly ShipmentStatus[];
  /** the driver's email; null: the routes nobody drives yet */
  driver?: string | null;
}

/** The shipments, filtered, in the request's order (or the whole list when no page is asked). */
export async function listShipments(
  manager: EntityManager,
  filter: ShipmentFilter = {},
  request: PageRequest = {},
): Promise<Page<ShipmentRecord>> {
  const { params, add } = parameters();
  const where: string[] = [];
  if (filter.q) {
    const pattern = add(containsPattern(filter.q));
    // each part from its trigram index; the dealers' orders through known_orders_dealer_idx
    where.push(`s.shipment_id IN (
        SELECT shipment_id FROM shipments WHERE shipment_id ILIKE ${pattern} OR shipment_name ILIKE ${pattern}
        UNION
        SELECT so.shipment_id FROM known_dealers d JOIN known_orders o ON o.dealer_id = d.dealer_id
          JOIN shipment_orders so ON so.order_id = o.order_id
         WHERE d.business_name ILIKE ${pattern})`);
  }
  // one status by equality: the status index then answers newest first within it
  if (filter.statuses?.length === 1) where.push(`s.status = ${add(filter.statuses[0])}`);
  else if (filter.statuses?.length) where.push(`s.status = ANY(${add(filter.statuses)}::text[])`);
  // by equality (or IS NULL): shipments_driver_idx and shipments_driver_status_idx answer in the list's orders
  if (filter.driver === null) where.push('s.driver_email IS NULL');
  else if (filter.driver !== undefined) where.push(`s.driver_email = ${add(filter.driver)}`);
  const page = await readPage<ShipmentRow & Record<string, unknown>, ShipmentSort>(manager, SHIPMENT_ORDERS, request, {
    select: SHIPMENT_COLUMNS.split(', ')
      .map((column) => `s.${column}`)
      .join(', '),
    from: 'FROM shipments s',
    where,
    params,
    filterKey: filter,
  });
  return { ...page, rows: page.rows.map(toShipment) };
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
  const rows: (OrderRow & DeliveryColumns & { shipment_id: string })[] = await manager.query(
    `SELECT s.shipment_id, ${ORDER_COLUMNS}, ${DELIVERY_COLUMNS}
       FROM shipment_orders s
       JOIN known_orders o USING (order_id)
       LEFT JOIN known_dealers d ON d.dealer_id = o.dealer_id
       LEFT JOIN delivery_proofs p ON p.order_id = o.order_id AND p.undone_at IS NULL
      WHERE s.shipment_id = ANY($1::text[])
      ORDER BY s.shipment_id, s.position`,
    [shipmentIds],
  );
  const byShipment = new Map<string, OrderRecord[]>(shipmentIds.map((id) => [id, []]));
  for (const row of rows) byShipment.get(row.shipment_id)?.push({ ...toOrder(row), delivery: toDelivery(row) });
  return byShipment;
}

/**
 * The orders of the given shipments in brief (their stop and status, no lines or notes): what the collapsed
 * cards need, each shipment's in selection order.
 */
export async function orderBriefsOfShipments(
  manager: EntityManager,
  shipmentIds: readonly string[],
): Promise<Map<string, OrderBrief[]>> {
  const rows: (DealerColumns & Pick<OrderRow, 'order_id' | 'dealer_id' | 'status'> & { shipment_id: string })[] =
    await manager.query(
      `SELECT s.shipment_id, o.order_id, o.dealer_id, o.status,
            d.business_name, d.full_name, d.email, d.phone, d.address, d.city, d.state, d.zip_code, d.lat, d.lng
       FROM shipment_orders s
       JOIN known_orders o USING (order_id)
       LEFT JOIN known_dealers d ON d.dealer_id = o.dealer_id
      WHERE s.shipment_id = ANY($1::text[])
      ORDER BY s.shipment_id, s.position`,
      [shipmentIds],
    );
  const byShipment = new Map<string, OrderBrief[]>(shipmentIds.map((id) => [id, []]));
  for (const row of rows)
    byShipment.get(row.shipment_id)?.push({
      order_id: row.order_id,
      dealer_id: row.dealer_id,
      status: row.status,
      dealer: toDealer(row),
    });
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
