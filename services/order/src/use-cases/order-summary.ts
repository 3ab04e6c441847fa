import type { OrderContext } from '../context';
import { readDealerOrderSummary } from '../data/order-summary';
import type { OrderSummaryCents } from '../domain/order-summary';

/** A dealer's order figures over all its orders (zeros for a dealer without orders, known or not). */
export function summarizeDealerOrders(ctx: OrderContext, dealerId: string): Promise<OrderSummaryCents> {
  return readDealerOrderSummary(ctx.db.manager, dealerId);
}
