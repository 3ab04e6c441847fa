import type { IdentityConsumer } from '../../context';
import { noticeLowStock } from '../../use-cases/notifications/low-stock-notices';

/**
 * The catalog's product.stock_low, announced to the admins in the consumer's transaction: the notice is claimed
 * before its mail goes, and a failed mail rolls the claim back so the event is retried.
 */
export const productStockLowNotice: IdentityConsumer<'product.stock_low'> = (event, ctx) =>
  noticeLowStock(ctx, ctx.manager, event);
