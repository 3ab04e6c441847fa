import type { Order } from '@portal/contracts';
import type { DateFormat } from './date';

/**
 * What My Orders says of a delivered order: "Delivered on Mar 4, 2025, 2:30 PM to Jane Doe" (the day and time in
 * the system timezone); without a recipient's name, just when. Null while it is not delivered.
 */
export function deliveredText(order: Pick<Order, 'delivered_at' | 'delivered_to'>, dates: DateFormat): string | null {
  if (!order.delivered_at) return null;
  const to = order.delivered_to?.trim();
  return `Delivered on ${dates.dateTime(order.delivered_at)}${to ? ` to ${to}` : ''}`;
}
