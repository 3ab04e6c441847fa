import type { Dealer, DealerNote, Order } from '@portal/contracts';
import { countOf } from '../../format/count';
import { formatCents } from '../../format/money';
import { orderStatusText, paymentStatusText } from '../../format/statusLabels';
import { itemCount } from '../orders/orderList';
import { centsOf } from '../orders/orderMoney';

/** One entry of the dealer's admin timeline: a note, an order, or a dealer event (joined, archived). */
export interface TimelineEntry {
  id: string;
  at: string;
  title: string;
  text?: string;
  /** set on order entries: the order the entry opens */
  order?: Order;
}

/**
 * The admin notes and timeline panel (000 §2): notes and orders merged with the dealer's own events, newest
 * first. Equal times keep notes before orders before dealer events, so the order never jumps.
 */
export function dealerTimeline(
  dealer: Pick<Dealer, 'created_at' | 'archived_at'>,
  notes: readonly Pick<DealerNote, 'note_id' | 'created_at' | 'created_by_name' | 'note_text'>[],
  orders: readonly Order[],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    ...notes.map((note) => ({
      id: `note-${note.note_id}`,
      at: note.created_at,
      title: `Note by ${note.created_by_name}`,
      text: note.note_text,
    })),
    ...orders.map((order) => ({
      id: `order-${order.order_id}`,
      at: order.created_at,
      title: `Order #${order.order_number} placed`,
      text: orderSummary(order),
      order,
    })),
    { id: 'joined', at: dealer.created_at, title: 'Dealer joined' },
  ];
  if (dealer.archived_at) entries.push({ id: 'archived', at: dealer.archived_at, title: 'Dealer archived' });
  return entries
    .map((entry, index) => ({ entry, index, time: Date.parse(entry.at) || 0 }))
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .map(({ entry }) => entry);
}

/** "2 items · $48.70 · Pending · Unpaid" */
export function orderSummary(order: Order): string {
  const items = itemCount(order);
  return [
    countOf(items, 'item', 'items'),
    formatCents(centsOf(order.total_value)),
    orderStatusText(order.status),
    paymentStatusText(order.payment_status),
  ].join(' · ');
}
