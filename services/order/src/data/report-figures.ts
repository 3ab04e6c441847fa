import type { OrderReportFigures, ReportPeriod, TopDealersAnswer } from '@portal/contracts';
import type { EntityManager } from 'typeorm';

/**
 * The figures of identity's reports, each an index range scan over the period (orders_newest_idx,
 * payments_created_idx) or an index-only count (orders_status_idx), so cheap at a million orders.
 */
export async function readOrderReportFigures(
  manager: EntityManager,
  period: ReportPeriod,
): Promise<OrderReportFigures> {
  const [row] = (await manager.query(
    `SELECT
       (SELECT count(*) FROM orders WHERE created_at >= $1 AND created_at < $2)::int AS orders_created,
       (SELECT coalesce(sum(total_cents), 0) FROM orders
         WHERE created_at >= $1 AND created_at < $2 AND status <> 'cancelled')::float8 AS revenue_cents,
       (SELECT count(*) FROM payments WHERE created_at >= $1 AND created_at < $2)::int AS payments_recorded,
       (SELECT coalesce(sum(amount_cents), 0) FROM payments
         WHERE created_at >= $1 AND created_at < $2)::float8 AS payments_cents,
       (SELECT count(*) FROM orders WHERE status = 'pending')::int AS pending_orders`,
    [period.from, period.to],
  )) as OrderReportFigures[];
  if (!row) throw new Error('the report query answered no row');
  return row;
}

/** The `limit` dealers with the most revenue from orders created in the period (cancelled excluded). */
export function readTopDealers(
  manager: EntityManager,
  period: ReportPeriod,
  limit: number,
): Promise<TopDealersAnswer['dealers']> {
  return manager.query(
    `SELECT o.dealer_id, coalesce(d.business_name, d.full_name) AS dealer_name, o.orders, o.revenue_cents
     FROM (
       SELECT dealer_id, count(*)::int AS orders, sum(total_cents)::float8 AS revenue_cents
       FROM orders
       WHERE created_at >= $1 AND created_at < $2 AND status <> 'cancelled'
       GROUP BY dealer_id
       ORDER BY revenue_cents DESC, dealer_id
       LIMIT $3
     ) o
     LEFT JOIN known_dealers d ON d.dealer_id = o.dealer_id
     ORDER BY o.revenue_cents DESC, o.dealer_id`,
    [period.from, period.to, limit],
  );
}
