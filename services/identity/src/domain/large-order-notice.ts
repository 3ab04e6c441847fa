import { formatCents, type NotificationSettings, orderNumber, parseCents } from '@portal/contracts';
import { escapeHtml, type MailMessage } from '@portal/platform';
import { adminNoticeRecipients } from './notifications/recipients';

/** What the notice needs of an order (order.created carries it; money in integer cents). */
export interface NoticeOrder {
  order_id: string;
  dealer_id: string;
  total_cents: number;
  items: { title: string; quantity: number; price_cents: number }[];
  notes: string | null;
}

/**
 * The whole cents a total must exceed to exceed `dollars` (the settings keep the threshold as a number of
 * dollars): $1000 -> 100000; a threshold with finer fractions ($1000.555) is exceeded from 100056 cents on, so
 * its cents are rounded down. Read from the number's decimal text, never multiplied as a binary float.
 */
export function thresholdCents(dollars: number): number {
  const exact = parseCents(dollars, Number.MAX_SAFE_INTEGER);
  if (exact !== null) return exact;
  const text = String(dollars);
  const plain = /^(\d+)\.(\d+)$/.exec(text);
  if (plain) return parseCents(`${plain[1]}.${(plain[2] ?? '').slice(0, 2)}`, Number.MAX_SAFE_INTEGER) ?? Infinity;
  // exponent notation: below a cent (1e-7) every paid total exceeds it; beyond any order (1e21) none does
  return dollars < 1 ? 0 : Number.POSITIVE_INFINITY;
}

/**
 * The large-order rule (001 §3 notification settings): an order whose total is above large_order_threshold
 * earns a notice while email notifications and notify_large_orders are on, to the notification email or, when
 * it is blank, to every admin (`admins`). Answers the addresses to notify; none when it earns no notice.
 */
export function largeOrderRecipients(
  settings: NotificationSettings,
  totalCents: number,
  admins: readonly string[],
): string[] {
  if (totalCents <= thresholdCents(settings.large_order_threshold)) return [];
  return adminNoticeRecipients(settings, 'notify_large_orders', admins);
}

/** The notice: the subject names the order number and the dealer; the body the total in dollars and the lines. */
export function largeOrderMail(
  to: readonly string[],
  order: NoticeOrder,
  dealerName: string | null,
  settings: Pick<NotificationSettings, 'large_order_threshold'>,
): MailMessage {
  const number = orderNumber(order.order_id);
  const dealer = dealerName?.trim() || `dealer ${order.dealer_id}`;
  const total = `$${formatCents(order.total_cents)}`;
  const threshold = `$${formatCents(thresholdCents(settings.large_order_threshold))}`;
  const lines = order.items.map((item) => `${item.quantity} × ${item.title} at $${formatCents(item.price_cents)}`);
  const text = [
    `Order ${number} from ${dealer} totals ${total}, above the large-order threshold of ${threshold}.`,
    '',
    ...lines,
    ...(order.notes ? ['', `Notes: ${order.notes}`] : []),
  ].join('\n');
  const html = `<p>Order <strong>${escapeHtml(number)}</strong> from ${escapeHtml(dealer)} totals
<strong>${escapeHtml(total)}</strong>, above the large-order threshold of ${escapeHtml(threshold)}.</p>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>${
    order.notes ? `<p>Notes: ${escapeHtml(order.notes)}</p>` : ''
  }`;
  return { to: [...to], subject: `Large order ${number} from ${dealer}: ${total}`, text, html };
}
