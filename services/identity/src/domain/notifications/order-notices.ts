import {
  formatCents,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  orderNumber,
  type PayloadOfType,
  type PaymentStatus,
} from '@portal/contracts';
import type { Notice } from './notice-mail';

/** What the order notices read of an order (order.created and order.updated carry it; money in cents). */
export interface NoticedOrder {
  order_id: string;
  dealer_id: string;
  status: OrderStatus;
  total_cents: number;
  items: readonly { title: string; quantity: number; price_cents: number }[];
  notes: string | null;
}

const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  unpaid: 'unpaid',
  partially_paid: 'partially paid',
  fully_paid: 'fully paid',
};

const dollars = (cents: number) => `$${formatCents(cents)}`;

export const orderLines = (order: Pick<NoticedOrder, 'items'>) =>
  order.items.map((item) => `${item.quantity} × ${item.title} at ${dollars(item.price_cents)}`);

const notesParagraph = (order: Pick<NoticedOrder, 'notes'>) => (order.notes?.trim() ? [`Notes: ${order.notes}`] : []);

/** What an order adds to its month's revenue: its total, nothing once cancelled. */
export const countedCents = (order: Pick<NoticedOrder, 'status' | 'total_cents'>) =>
  order.status === 'cancelled' ? 0 : order.total_cents;

/**
 * The order's lines, notes and total in one comparable text: an order.updated whose content equals the kept one
 * changed only its status (or nothing: the order service re-announces an order after refusing shipping's
 * request), which is no "order update". Payments are not in it: they come as payment.recorded, announced on
 * their own (order.updated does not follow a payment).
 */
export function orderContent(order: Pick<NoticedOrder, 'items' | 'notes' | 'total_cents'>): string {
  return JSON.stringify([
    order.items.map((item) => [item.title, item.quantity, item.price_cents]),
    order.notes ?? null,
    order.total_cents,
  ]);
}

/** notify_new_orders: number, dealer, lines, total. */
export function newOrderNotice(order: NoticedOrder, dealer: string, orderUrl: string): Notice {
  const number = orderNumber(order.order_id);
  return {
    subject: `New order ${number} from ${dealer}: ${dollars(order.total_cents)}`,
    paragraphs: [
      `${dealer} placed order ${number} totalling ${dollars(order.total_cents)} (${ORDER_STATUS_LABELS[order.status].toLowerCase()}).`,
      ...notesParagraph(order),
    ],
    list: orderLines(order),
    link: { label: 'Open the order', url: orderUrl },
  };
}

/** notify_order_status_changes, to the admins: from which status to which. */
export function statusChangeNotice(
  order: NoticedOrder & { previous_status: OrderStatus },
  dealer: string,
  orderUrl: string,
): Notice {
  const number = orderNumber(order.order_id);
  const from = ORDER_STATUS_LABELS[order.previous_status];
  const to = ORDER_STATUS_LABELS[order.status];
  return {
    subject: `Order ${number} from ${dealer} is now ${to.toLowerCase()}`,
    paragraphs: [`Order ${number} from ${dealer} (${dollars(order.total_cents)}) moved from ${from} to ${to}.`],
    link: { label: 'Open the order', url: orderUrl },
  };
}

/** notify_order_updates: the order's lines, notes, totals or payment changed. */
export function orderUpdateNotice(order: PayloadOfType<'order.updated'>, dealer: string, orderUrl: string): Notice {
  const number = orderNumber(order.order_id);
  return {
    subject: `Order ${number} from ${dealer} was updated`,
    paragraphs: [
      `Order ${number} from ${dealer} now totals ${dollars(order.total_cents)}, ${dollars(order.paid_cents)} paid (${
        PAYMENT_LABELS[order.payment_status]
      }); status ${ORDER_STATUS_LABELS[order.status].toLowerCase()}.`,
      ...notesParagraph(order),
    ],
    list: orderLines(order),
    link: { label: 'Open the order', url: orderUrl },
  };
}

/** notify_order_updates: a payment was recorded against an order. */
export function paymentNotice(payment: PayloadOfType<'payment.recorded'>, dealer: string, orderUrl: string): Notice {
  const number = orderNumber(payment.order_id);
  return {
    subject: `Payment of ${dollars(payment.amount_cents)} on order ${number} from ${dealer}`,
    paragraphs: [
      `A ${payment.payment_method} payment of ${dollars(payment.amount_cents)} was recorded on order ${number} from ${dealer}: ${dollars(
        payment.paid_cents,
      )} of ${dollars(payment.total_cents)} paid (${PAYMENT_LABELS[payment.payment_status]}).`,
    ],
    link: { label: 'Open the order', url: orderUrl },
  };
}

/** The statuses the dealer hears of, and how its mail says each. */
const DEALER_STATUS_WORDS: Partial<Record<OrderStatus, string>> = {
  confirmed: 'is confirmed',
  shipped: 'is on its way',
  delivered: 'has been delivered',
  cancelled: 'has been cancelled',
};

/** Whether the dealer is told of its order reaching `status` (not of pending or in shipment). */
export const dealerHearsOf = (status: OrderStatus) => DEALER_STATUS_WORDS[status] !== undefined;

/** notify_order_status_changes, to the order's dealer: "your order … is confirmed / on its way / …". */
export function dealerStatusNotice(order: NoticedOrder, orderUrl: string): Notice | null {
  const words = DEALER_STATUS_WORDS[order.status];
  if (!words) return null;
  const number = orderNumber(order.order_id);
  return {
    subject: `Your order ${number} ${words}`,
    paragraphs: [`Your order ${number} (${dollars(order.total_cents)}) ${words}.`],
    list: orderLines(order),
    link: { label: 'Open your order', url: orderUrl },
  };
}
