import type { IdentityConsumer } from '../context';
import { noticeLargeOrder } from '../use-cases/mail/large-order-notice';

/**
 * order.created: a large order is announced to the notification email, once per order, in the consumer's
 * transaction (a failed mail rolls the claim back and the event is retried).
 */
export const largeOrderNotice: IdentityConsumer<'order.created'> = (event, ctx) =>
  noticeLargeOrder(ctx, ctx.manager, event.payload, event.id);
