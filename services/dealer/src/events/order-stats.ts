import type { Consumer } from '@portal/platform';
import type { DealerConfig } from '../config';
import { rememberOrder } from '../data/known-orders';

/**
 * The order service's events, kept for the dashboard's order_stats (pending orders, new orders this month):
 * only each order's status and creation time. The event's time orders the changes, so a late or repeated
 * delivery is harmless.
 */

export const orderCreated: Consumer<'order.created', DealerConfig> = (event, ctx) =>
  rememberOrder(ctx.manager, event.payload, event.occurredAt);

export const orderUpdated: Consumer<'order.updated', DealerConfig> = (event, ctx) =>
  rememberOrder(ctx.manager, { ...event.payload, created_at: null }, event.occurredAt);
