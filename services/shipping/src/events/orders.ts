import type { Consumer } from '@portal/platform';
import { rememberOrder } from '../use-cases/read-models';

/**
 * The order service's events: the orders shipping lists (confirmed ones are ready to ship) and the status the
 * order service gave each order of a shipment (it owns the status; shipping asks through its own events).
 */

export const orderCreated: Consumer<'order.created'> = (event, ctx) =>
  rememberOrder(ctx.manager, event.payload, null, event.occurredAt);

export const orderUpdated: Consumer<'order.updated'> = (event, ctx) => {
  const { previous_status, ...order } = event.payload;
  return rememberOrder(ctx.manager, { ...order, created_at: null }, previous_status, event.occurredAt);
};
