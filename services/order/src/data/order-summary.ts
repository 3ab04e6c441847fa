import type { EntityManager } from 'typeorm';
import { CLOSED_STATUSES, type OrderSummaryCents, UNBILLED_STATUSES } from '../domain/order-summary';

/**
 * A dealer's order figures (rules in `domain/order-summary.ts`) as one aggregate over its orders, read through an
 * index that starts with dealer_id (`orders_dealer_newest_idx`, or the smaller unique index of the idempotency
 * keys, as the planner prefers): the cost grows with the dealer's orders, not with all orders.
 * A dealer without orders (or unknown) answers zeros.
 */
export async function readDealerOrderSummary(manager: EntityManager, dealerId: string): Promise<OrderSummaryCents> {
  const rows: Record<keyof OrderSummaryCents, string>[] = await manager.query(
    `SELECT count(*) AS order_count,
       count(*) FILTER (WHERE status <> ALL ($2::text[])) AS open_order_count,
       COALESCE(sum(total_cents) FILTER (WHERE status <> ALL ($3::text[])), 0) AS billed_cents,
       COALESCE(sum(paid_cents), 0) AS paid_cents,
       COALESCE(sum(GREATEST(total_cents - paid_cents, 0)) FILTER (WHERE status <> ALL ($3::text[])), 0)
         AS balance_cents
     FROM orders WHERE dealer_id = $1`,
    [dealerId, CLOSED_STATUSES, UNBILLED_STATUSES],
  );
  const row = rows[0];
  return {
    order_count: Number(row?.order_count ?? 0),
    open_order_count: Number(row?.open_order_count ?? 0),
    billed_cents: Number(row?.billed_cents ?? 0),
    paid_cents: Number(row?.paid_cents ?? 0),
    balance_cents: Number(row?.balance_cents ?? 0),
  };
}
