import type { DealerConsumer } from '../context';
import { rememberOrderCreated, rememberOrderUpdated } from '../use-cases/event-copies';

/** The order service's events, kept for the dashboard's order_stats. */
export const orderCreated: DealerConsumer<'order.created'> = (event, ctx) =>
  rememberOrderCreated(ctx, event.payload, event.occurredAt);

export const orderUpdated: DealerConsumer<'order.updated'> = (event, ctx) =>
  rememberOrderUpdated(ctx, event.payload, event.occurredAt);
