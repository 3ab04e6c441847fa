import type { OrderStatus } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { OrderItem } from '../domain/shipment-view';

export interface AnnouncedOrder {
  order_id: string;
  dealer_id: string;
  status: OrderStatus;
  total_cents: number;
  items: OrderItem[];
  notes: string | null;
  /** order.created's; null from order.updated */
  created_at: string | null;
}

/**
 * Keeps an order's state as of `changedAt` (the event's occurredAt) unless a later state is kept already (events
 * arrive out of order, or twice). created_at, once known, stays. Answers whether this state was applied.
 */
export async function saveAnnouncedOrder(
  manager: EntityManager,
  order: AnnouncedOrder,
  changedAt: string,
): Promise<boolean> {
  const applied: unknown[] = await manager.query(
    `INSERT INTO known_orders (order_id, dealer_id, status, total_cents, items, notes, created_at, changed_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)
     ON CONFLICT (order_id) DO UPDATE SET
       dealer_id = EXCLUDED.dealer_id, status = EXCLUDED.status, total_cents = EXCLUDED.total_cents,
       items = EXCLUDED.items, notes = EXCLUDED.notes, changed_at = EXCLUDED.changed_at,
       created_at = coalesce(known_orders.created_at, EXCLUDED.created_at)
     WHERE known_orders.changed_at <= EXCLUDED.changed_at
     RETURNING order_id`,
    [
      order.order_id,
      order.dealer_id,
      order.status,
      order.total_cents,
      JSON.stringify(order.items),
      order.notes,
      order.created_at,
      changedAt,
    ],
  );
  if (!applied.length && order.created_at)
    await manager.query('UPDATE known_orders SET created_at = $2 WHERE order_id = $1 AND created_at IS NULL', [
      order.order_id,
      order.created_at,
    ]);
  return applied.length > 0;
}

/** The given orders' status and shipment, locked until the transaction ends (in id order: no deadlock). */
export async function lockOrders(
  manager: EntityManager,
  orderIds: readonly string[],
): Promise<{ order_id: string; status: OrderStatus; shipment_id: string | null }[]> {
  return manager.query(
    `SELECT o.order_id, o.status, s.shipment_id
       FROM known_orders o LEFT JOIN shipment_orders s USING (order_id)
      WHERE o.order_id = ANY($1::text[])
      ORDER BY o.order_id
        FOR UPDATE OF o`,
    [orderIds],
  );
}

/**
 * Records a status shipping has just asked the order service for, as of `changedAt`: shipping's screens show it
 * at once; the order service's order.updated confirms it (or corrects it, being later).
 */
export async function saveRequestedStatus(
  manager: EntityManager,
  orderIds: readonly string[],
  status: OrderStatus,
  changedAt: string,
): Promise<void> {
  await manager.query(
    `UPDATE known_orders SET status = $2, changed_at = greatest(changed_at, $3::timestamptz)
      WHERE order_id = ANY($1::text[])`,
    [orderIds, status, changedAt],
  );
}
