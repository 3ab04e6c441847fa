import type { BaseConfig, Consumer } from '@portal/platform';
import { followOrderStock } from '../use-cases/order-stock';

/**
 * The order service's events move stock: a confirmed order reserves its units, one on a truck takes them from
 * the warehouse, a cancelled one gives them back. The platform applies each event once (processed_events).
 */

export const orderCreatedStock: Consumer<'order.created', BaseConfig> = (event, ctx) =>
  followOrderStock(ctx.manager, ctx.emit, null, event.payload.status, event.payload.items);

export const orderUpdatedStock: Consumer<'order.updated', BaseConfig> = (event, ctx) =>
  followOrderStock(ctx.manager, ctx.emit, event.payload.previous_status, event.payload.status, event.payload.items);
