import { OrderCreated, type OrderStatus, OrderUpdated } from '@portal/contracts';
import type { Emit } from '@portal/platform';
import type { OrderRecord } from '../domain/order-view';
import { eventItems } from '../domain/order-view';
import { paymentStatus } from '../domain/payments';

/** order.created with the order as saved (lines and totals in cents). */
export const emitOrderCreated = (emit: Emit, order: OrderRecord) =>
  emit(OrderCreated, order.order_id, {
    order_id: order.order_id,
    dealer_id: order.dealer_id,
    status: order.status,
    total_cents: order.total_cents,
    items: eventItems(order.lines),
    notes: order.notes,
    created_at: order.created_at,
  });

/** order.updated with the order's full new state. */
export const emitOrderUpdated = (emit: Emit, order: OrderRecord, previousStatus: OrderStatus) =>
  emit(OrderUpdated, order.order_id, {
    order_id: order.order_id,
    dealer_id: order.dealer_id,
    status: order.status,
    previous_status: previousStatus,
    payment_status: paymentStatus(order.total_cents, order.paid_cents),
    total_cents: order.total_cents,
    paid_cents: order.paid_cents,
    items: eventItems(order.lines),
    notes: order.notes,
  });
