import type { OrderContext } from '../context';
import { listOrders } from '../data/orders';
import type { OrderRecord } from '../domain/order-view';

/** Every order, newest first. */
export const allOrders = (ctx: OrderContext): Promise<OrderRecord[]> => listOrders(ctx.db.manager, null);

/** One dealer's orders, newest first (the router lets a dealer ask only for its own). */
export const dealerOrders = (ctx: OrderContext, dealerId: string): Promise<OrderRecord[]> =>
  listOrders(ctx.db.manager, dealerId);
