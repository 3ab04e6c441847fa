import { formatCents, type UpdateOrderRequest } from '@portal/contracts';
import { conflict, notFound, recordAudit } from '@portal/platform';
import type { z } from 'zod';
import type { OrderContext } from '../context';
import { findOrder, lockOrder, ORDER_NOT_FOUND, saveLines, saveOrderChanges } from '../data/orders';
import { confirmsOrder } from '../domain/credit-hold';
import { auditedOrder, orderEditAction } from '../domain/order-audit';
import { sameLines } from '../domain/order-lines';
import { canChangeStatus, linesEditable } from '../domain/order-status';
import type { OrderRecord } from '../domain/order-view';
import { emitOrderUpdated } from './order-events';
import { heldOrderRefused } from './order-hold';
import { adminLines, orderTotalOf } from './order-lines';

type UpdateForm = z.output<typeof UpdateOrderRequest>;

export const LINES_LOCKED = 'Error: Items and quantities can be changed only while the order is pending';
export const statusRefused = (from: string, to: string) => `Error: An order cannot go from ${from} to ${to}`;
export const belowPaid = (paidCents: number) =>
  `Error: The new total is less than the $${formatCents(paidCents)} already paid`;

/**
 * The invoice's Update: the status by the transition table, notes, and lines only while the order is pending.
 * Lines sent unchanged are not a change (the invoice always sends them), so a confirmed order's status can be
 * updated with its lines in the body. The order row is locked, so payments and edits never interleave.
 */
export async function editOrder(ctx: OrderContext, orderId: string, form: UpdateForm): Promise<OrderRecord> {
  return ctx.transaction(async (manager, emit) => {
    const locked = await lockOrder(manager, orderId);
    const current = locked && (await findOrder(manager, orderId));
    if (!locked || !current) throw notFound(ORDER_NOT_FOUND);
    const status = form.status ?? current.status;
    if (!canChangeStatus(current.status, status)) throw conflict(statusRefused(current.status, status));
    if (locked.on_hold && confirmsOrder(status)) throw conflict(heldOrderRefused(current.hold_reason));

    let lines = current.lines;
    if (form.product_details) {
      const wanted = await adminLines(manager, form.product_details, current.lines);
      if (!sameLines(wanted, current.lines)) {
        if (!linesEditable(current.status)) throw conflict(LINES_LOCKED);
        lines = wanted;
      }
    }
    const total = orderTotalOf(lines);
    if (total < locked.paid_cents) throw conflict(belowPaid(locked.paid_cents));
    const notes = form.notes === undefined ? current.notes : form.notes || null;

    await saveOrderChanges(manager, orderId, { status, notes, total_cents: total });
    if (lines !== current.lines) await saveLines(manager, orderId, lines);
    const order = await findOrder(manager, orderId);
    if (!order) throw new Error(`order ${orderId} vanished while locked`);
    await emitOrderUpdated(emit, order, current.status);
    await recordAudit(emit, {
      action: orderEditAction(current.status, order.status),
      entity: 'order',
      entity_id: orderId,
      before: auditedOrder(current),
      after: auditedOrder(order),
    });
    return order;
  });
}
