import type { ReleaseOrderHoldRequest } from '@portal/contracts';
import { conflict, notFound, recordAudit } from '@portal/platform';
import type { z } from 'zod';
import type { OrderContext } from '../context';
import { findOrder, lockOrder, ORDER_NOT_FOUND, releaseHold } from '../data/orders';
import { auditedOrder } from '../domain/order-audit';
import type { OrderRecord } from '../domain/order-view';

type ReleaseForm = z.output<typeof ReleaseOrderHoldRequest>;

export const NOT_ON_HOLD = 'Error: This order is not on hold';
export const heldOrderRefused = (reason: string | null) =>
  `Error: This order is on hold (${reason ?? 'credit hold'}) and cannot be confirmed until an admin releases the hold`;

/**
 * An admin releases an order's credit hold with a note (kept on the order, and recorded as order.hold_released):
 * the order can then be confirmed. No order.updated: nothing that event carries changed. The order row is locked, so a release and an edit never interleave.
 */
export async function releaseOrderHold(ctx: OrderContext, orderId: string, form: ReleaseForm): Promise<OrderRecord> {
  return ctx.transaction(async (manager, emit) => {
    const locked = await lockOrder(manager, orderId);
    const current = locked && (await findOrder(manager, orderId));
    if (!locked || !current) throw notFound(ORDER_NOT_FOUND);
    if (!locked.on_hold) throw conflict(NOT_ON_HOLD);
    await releaseHold(manager, orderId, form.note);
    const order = await findOrder(manager, orderId);
    if (!order) throw new Error(`order ${orderId} vanished while locked`);
    await recordAudit(emit, {
      action: 'order.hold_released',
      entity: 'order',
      entity_id: orderId,
      before: auditedOrder(current),
      after: auditedOrder(order),
    });
    return order;
  });
}
