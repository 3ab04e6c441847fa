import type { EntityManager } from 'typeorm';
import type { TimelineFacts } from '../domain/order-timeline';
import { iso } from './orders';

/**
 * Remembers that shipment `shipmentId` took the orders at `at` (shipment.created's time). Orders the service
 * does not know are skipped; a redelivery keeps the first time.
 */
export async function recordShipmentAssigned(
  manager: EntityManager,
  shipmentId: string,
  orderIds: readonly string[],
  at: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO order_shipments (order_id, shipment_id, assigned_at)
     SELECT o.order_id, $1, $3 FROM orders o WHERE o.order_id = ANY($2::text[]) ORDER BY o.order_id
     ON CONFLICT (order_id, shipment_id)
       DO UPDATE SET assigned_at = COALESCE(order_shipments.assigned_at, EXCLUDED.assigned_at)`,
    [shipmentId, orderIds, at],
  );
}

export interface DepartedStop {
  dealer_id: string;
  order_ids: readonly string[];
  eta_at: string | null;
}

/**
 * Keeps a route's departure on each of its orders: the route's name, when it left and the order's stop ETA.
 * `eventAt` (the departure event's own time) orders departures: an older one arriving late changes nothing. Only
 * orders of the stop's own dealer are touched, and orders the service does not know are skipped.
 */
export async function recordShipmentDeparture(
  manager: EntityManager,
  departure: { shipment_id: string; shipment_name: string; departed_at: string; stops: readonly DepartedStop[] },
  eventAt: string,
): Promise<void> {
  // one row per order: an upsert may not touch the same row twice
  const byOrder = new Map(
    departure.stops.flatMap((stop) =>
      stop.order_ids.map((orderId) => [orderId, { orderId, dealerId: stop.dealer_id, eta: stop.eta_at }] as const),
    ),
  );
  const rows = [...byOrder.values()];
  if (!rows.length) return;
  await manager.query(
    `INSERT INTO order_shipments (order_id, shipment_id, shipment_name, departed_at, eta_at, departure_event_at)
     SELECT o.order_id, $1, $2, $3, s.eta_at, $4
     FROM unnest($5::text[], $6::text[], $7::timestamptz[]) AS s(order_id, dealer_id, eta_at)
     JOIN orders o ON o.order_id = s.order_id AND o.dealer_id = s.dealer_id
     -- the foreign key locks each order row: in id order, as every locker of several orders does
     ORDER BY o.order_id
     ON CONFLICT (order_id, shipment_id) DO UPDATE SET
       shipment_name = EXCLUDED.shipment_name, departed_at = EXCLUDED.departed_at, eta_at = EXCLUDED.eta_at,
       departure_event_at = EXCLUDED.departure_event_at
     WHERE order_shipments.departure_event_at IS NULL
        OR order_shipments.departure_event_at < EXCLUDED.departure_event_at`,
    [
      departure.shipment_id,
      departure.shipment_name,
      departure.departed_at,
      eventAt,
      rows.map((row) => row.orderId),
      rows.map((row) => row.dealerId),
      rows.map((row) => row.eta),
    ],
  );
}

/**
 * What the timeline of one order is built from, with the dealer it belongs to (null when there is no such
 * order): the order's own row, its payments and the latest shipment that took it (by when it took it or left).
 */
export async function findTimelineFacts(
  manager: EntityManager,
  orderId: string,
): Promise<(TimelineFacts & { order_id: string; dealer_id: string }) | null> {
  const rows: { facts: TimelineFacts & { order_id: string; dealer_id: string } }[] = await manager.query(
    `SELECT json_build_object(
       'order_id', o.order_id, 'dealer_id', o.dealer_id, 'status', o.status,
       'created_at', ${iso('o.created_at')}, 'confirmed_at', ${iso('o.confirmed_at')},
       'cancelled_at', ${iso('o.cancelled_at')}, 'on_hold', o.on_hold, 'hold_reason', o.hold_reason,
       'hold_released_at', ${iso('o.hold_released_at')}, 'hold_release_note', o.hold_release_note,
       'delivered_at', ${iso('o.delivered_at')}, 'delivered_to', o.delivered_to,
       'with_signature', o.delivery_signature_png IS NOT NULL,
       'shipment', (SELECT json_build_object('assigned_at', ${iso('s.assigned_at')},
           'shipment_name', s.shipment_name, 'departed_at', ${iso('s.departed_at')}, 'eta_at', ${iso('s.eta_at')})
         FROM order_shipments s WHERE s.order_id = o.order_id
         ORDER BY COALESCE(s.assigned_at, s.departed_at) DESC LIMIT 1),
       'payments', COALESCE((SELECT json_agg(json_build_object('created_at', ${iso('p.created_at')},
           'amount_cents', p.amount_cents, 'payment_method', p.payment_method, 'check_number', p.check_number)
         ORDER BY p.created_at, p.payment_id) FROM payments p WHERE p.order_id = o.order_id), '[]'::json)
     ) AS facts
     FROM orders o WHERE o.order_id = $1`,
    [orderId],
  );
  return rows[0]?.facts ?? null;
}
