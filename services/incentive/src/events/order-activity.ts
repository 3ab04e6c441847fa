import type { EventEnvelope, PayloadOfType } from '@portal/contracts';
import type { BaseConfig, BatchConsumer } from '@portal/platform';
import type { OrderActivity } from '../domain/order-facts';
import { recordOrderActivity } from '../use-cases/record-order-activity';

/**
 * The order service's events, the only source of the figures: order.created and order.updated (the order's
 * full new state) and payment.recorded (its new paid total). Each is turned into the facts it carries and the
 * time it occurred; the batch form applies many in one transaction (a replay, a busy relay round).
 */

type OrderEventType = 'order.created' | 'order.updated' | 'payment.recorded';
type OrderEvent = { [T in OrderEventType]: EventEnvelope<PayloadOfType<T>> & { type: T } }[OrderEventType];

const itemCount = (items: readonly { quantity: number }[]) => items.reduce((sum, line) => sum + line.quantity, 0);

export function toActivity(event: OrderEvent): OrderActivity {
  const at = event.occurredAt;
  switch (event.type) {
    case 'order.created': {
      const order = event.payload;
      return {
        kind: 'created',
        at,
        order_id: order.order_id,
        dealer_id: order.dealer_id,
        status: order.status,
        total_cents: order.total_cents,
        item_count: itemCount(order.items),
        created_at: order.created_at,
      };
    }
    case 'order.updated': {
      const order = event.payload;
      return {
        kind: 'updated',
        at,
        order_id: order.order_id,
        dealer_id: order.dealer_id,
        status: order.status,
        total_cents: order.total_cents,
        item_count: itemCount(order.items),
        paid_cents: order.paid_cents,
      };
    }
    case 'payment.recorded': {
      const payment = event.payload;
      return {
        kind: 'payment',
        at,
        order_id: payment.order_id,
        dealer_id: payment.dealer_id,
        paid_cents: payment.paid_cents,
      };
    }
  }
}

export const orderActivities: BatchConsumer<OrderEventType, BaseConfig> = (events, ctx) =>
  recordOrderActivity(
    ctx.manager,
    ctx.emit,
    events.map((event) => toActivity(event as OrderEvent)),
  );
