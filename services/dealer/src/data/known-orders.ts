import { SYSTEM_TIMEZONE_SQL } from '@portal/platform';
import type { EntityManager } from 'typeorm';

/**
 * Remembers an order's status as of `changedAt` (the event's occurredAt) and, from order.created, when it was
 * created. The status is kept only when no later change is kept already, so events arriving out of order or
 * twice leave the newest status; created_at, once known, never changes.
 */
export async function rememberOrder(
  manager: EntityManager,
  order: { order_id: string; status: string; created_at: string | null },
  changedAt: string,
): Promise<void> {
  await manager.query(
    `INSERT INTO known_orders (order_id, status, status_changed_at, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (order_id) DO UPDATE SET
       status = CASE WHEN known_orders.status_changed_at <= EXCLUDED.status_changed_at
                     THEN EXCLUDED.status ELSE known_orders.status END,
       status_changed_at = greatest(known_orders.status_changed_at, EXCLUDED.status_changed_at),
       created_at = coalesce(known_orders.created_at, EXCLUDED.created_at)`,
    [order.order_id, order.status, changedAt, order.created_at],
  );
}

/**
 * The dashboard's order counts: orders pending now, and orders created in the current calendar month of the
 * system timezone (its first midnight there, as an instant), `now` given so a test (or a month boundary) is exact.
 */
export async function orderCounts(
  manager: EntityManager,
  now: Date,
): Promise<{ pending_orders: number; recent_orders: number }> {
  const [row]: { pending_orders: number; recent_orders: number }[] = await manager.query(
    `SELECT
       (SELECT count(*)::int FROM known_orders WHERE status = 'pending') AS pending_orders,
       (SELECT count(*)::int FROM known_orders
         WHERE created_at >= date_trunc('month', $1::timestamptz AT TIME ZONE ${SYSTEM_TIMEZONE_SQL})
             AT TIME ZONE ${SYSTEM_TIMEZONE_SQL}
           AND created_at < (date_trunc('month', $1::timestamptz AT TIME ZONE ${SYSTEM_TIMEZONE_SQL}) + interval '1 month')
             AT TIME ZONE ${SYSTEM_TIMEZONE_SQL}) AS recent_orders`,
    [now.toISOString()],
  );
  return row ?? { pending_orders: 0, recent_orders: 0 };
}
