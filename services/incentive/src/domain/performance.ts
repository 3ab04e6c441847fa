import { centsToDollars, type PerformanceRecord } from '@portal/contracts';

/** A dealer's figures as the repository reads them (integer units) with what the dealer events told. */
export interface DealerFiguresRow {
  dealer_id: string;
  business_name: string | null;
  full_name: string | null;
  city: string | null;
  state: string | null;
  revenue_cents: number;
  orders: number;
  items: number;
  paid_cents: number;
}

/** The name performance views show: the business name, else the full name, else the id (dealer not heard of yet). */
export const dealerName = (dealer: { dealer_id: string; business_name: string | null; full_name: string | null }) =>
  dealer.business_name || dealer.full_name || dealer.dealer_id;

/** The average order value in cents, rounded half up to the cent; 0 without orders. */
export const averageOrderCents = (revenueCents: number, orders: number) =>
  orders > 0 ? Math.round(revenueCents / orders) : 0;

export function performanceRecord(row: DealerFiguresRow): PerformanceRecord {
  return {
    dealer_id: row.dealer_id,
    business_name: row.business_name,
    dealer_name: dealerName(row),
    dealer_city: row.city,
    dealer_state: row.state,
    total_revenue: centsToDollars(row.revenue_cents),
    total_orders: row.orders,
    total_items: row.items,
    avg_order_value: centsToDollars(averageOrderCents(row.revenue_cents, row.orders)),
    total_paid: centsToDollars(row.paid_cents),
  };
}
