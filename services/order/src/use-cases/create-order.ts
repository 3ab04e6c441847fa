import { randomUUID } from 'node:crypto';
import type { CreateOrderRequest } from '@portal/contracts';
import { conflict, notFound, recordAudit } from '@portal/platform';
import type { z } from 'zod';
import type { OrderContext } from '../context';
import { findKnownDealer } from '../data/known-dealers';
import { findOrder, insertOrder, saveLines } from '../data/orders';
import { auditedOrder } from '../domain/order-audit';
import type { OrderRecord } from '../domain/order-view';
import { emitOrderCreated } from './order-events';
import { adminLines, orderTotalOf } from './order-lines';

type CreateForm = z.output<typeof CreateOrderRequest>;

export const DEALER_NOT_FOUND = 'Error: Dealer not found';
export const ARCHIVED_DEALER = 'Error: This dealer is archived; restore it before creating an order';

/** An admin's order for a dealer that is not archived: catalogue lines (admin_only too) and custom lines. */
export async function createOrderForDealer(ctx: OrderContext, form: CreateForm): Promise<OrderRecord> {
  return ctx.transaction(async (manager, emit) => {
    const dealer = await findKnownDealer(manager, form.dealer_id);
    if (!dealer || dealer.deleted) throw notFound(DEALER_NOT_FOUND);
    if (dealer.archived) throw conflict(ARCHIVED_DEALER);
    const lines = await adminLines(manager, form.product_details);
    const orderId = randomUUID();
    await insertOrder(manager, {
      order_id: orderId,
      dealer_id: form.dealer_id,
      status: form.status,
      notes: form.notes || null,
      total_cents: orderTotalOf(lines),
      idempotency_key: null,
      request_fingerprint: null,
    });
    await saveLines(manager, orderId, lines);
    const order = await findOrder(manager, orderId);
    if (!order) throw new Error(`order ${orderId} vanished in its own transaction`);
    await emitOrderCreated(emit, order);
    await recordAudit(emit, {
      action: 'order.created',
      entity: 'order',
      entity_id: orderId,
      after: auditedOrder(order),
    });
    return order;
  });
}
