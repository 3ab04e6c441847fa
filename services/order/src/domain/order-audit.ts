import type { OrderStatus } from '@portal/contracts';
import { eventItems, type OrderRecord } from './order-view';

/**
 * An order as the audit log compares it: what a change can alter, in cents, without what is derived for
 * display (formatted date, the dealer's name) or kept as records of their own (payments).
 */
export function auditedOrder(order: OrderRecord) {
  return {
    dealer_id: order.dealer_id,
    status: order.status,
    notes: order.notes,
    total_cents: order.total_cents,
    items: eventItems(order.lines),
    delivered_at: order.delivered_at,
    delivered_to: order.delivered_to,
    on_hold: order.on_hold,
    hold_reason: order.hold_reason,
    hold_release_note: order.hold_release_note,
  };
}

/** What the audit log calls an edit: by its status change, when the status changed. */
export function orderEditAction(from: OrderStatus, to: OrderStatus): string {
  if (from === to) return 'order.updated';
  return to === 'cancelled' ? 'order.cancelled' : 'order.status_changed';
}
