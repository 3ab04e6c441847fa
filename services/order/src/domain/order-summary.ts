import { centsToDollars, type DealerOrderSummary, type OrderStatus } from '@portal/contracts';

/**
 * The rules of a dealer's order figures (the dealer Overview, the admin's dealer detail). The repository sums
 * them in one SQL aggregate (`data/order-summary.ts`) with these lists as its parameters:
 * - an order is open until it is delivered or cancelled;
 * - a cancelled order is neither billed nor owed, but what was paid on it stays in `paid`;
 * - an order's balance is its total minus what was paid on it, never below zero (an overpayment does not lower
 *   what other orders owe; the table's `paid_cents <= total_cents` makes that a guard, not a case).
 */
export const CLOSED_STATUSES: readonly OrderStatus[] = ['delivered', 'cancelled'];
export const UNBILLED_STATUSES: readonly OrderStatus[] = ['cancelled'];

/** A dealer's order figures in integer cents, as the aggregate answers them. */
export interface OrderSummaryCents {
  order_count: number;
  open_order_count: number;
  billed_cents: number;
  paid_cents: number;
  balance_cents: number;
}

/** The contract's summary: dollars made from cents only here, at the JSON edge. */
export function orderSummaryView(summary: OrderSummaryCents): DealerOrderSummary {
  return {
    order_count: summary.order_count,
    open_order_count: summary.open_order_count,
    billed: centsToDollars(summary.billed_cents),
    paid: centsToDollars(summary.paid_cents),
    balance: centsToDollars(summary.balance_cents),
  };
}
