import { succeeded } from '@portal/contracts';
import type { OrderHandler } from '../../context';
import { orderView } from '../../domain/order-view';
import { idempotencyKey, placeDealerOrder } from '../../use-cases/submit-order';

/**
 * POST /api/dealer/submit-order — the dealer is the token's. An `Idempotency-Key` header (or the body's
 * idempotency_key) makes a retry answer the first order instead of placing another.
 */
export const submitOrder: OrderHandler<'dealer.submitOrder'> = async ({ body, user, req }, ctx) => {
  const key = idempotencyKey(req.get('idempotency-key'), body.idempotency_key);
  const { order } = await placeDealerOrder(ctx, user, body, key);
  return succeeded({
    message: order.on_hold
      ? `Your order was received and is on hold: ${order.hold_reason}. An administrator will review it.`
      : 'Order submitted successfully! Your request has been sent for processing.',
    order_id: order.order_id,
    order: orderView(order),
  });
};
