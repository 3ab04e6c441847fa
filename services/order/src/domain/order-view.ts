import { centsToDollars, type Order, type OrderStatus, type Payment, type PaymentMethod } from '@portal/contracts';
import { type LineRecord, lineTotalCents } from './order-lines';
import { orderNumber } from './order-status';
import { balanceCents, paymentStatus } from './payments';

/** A payment as the order service keeps it (cents). */
export interface PaymentRecord {
  payment_id: string;
  order_id: string;
  payment_method: PaymentMethod;
  amount_cents: number;
  check_number: string | null;
  notes: string | null;
  created_at: string;
}

/** What orders show of their dealer (null when the dealer service never announced it). */
export interface OrderDealer {
  business_name: string | null;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
}

/** An order as read from the database: money in cents. */
export interface OrderRecord {
  order_id: string;
  dealer_id: string;
  status: OrderStatus;
  notes: string | null;
  /** the dealer's purchase order number; null when none was given */
  po_number: string | null;
  total_cents: number;
  paid_cents: number;
  created_at: string;
  /** ISO 8601, from the driver's proof of delivery; null without one */
  delivered_at: string | null;
  delivered_to: string | null;
  /** ISO 8601: when it was first confirmed (it is due its dealer's terms after); null before */
  confirmed_at: string | null;
  on_hold: boolean;
  hold_reason: string | null;
  hold_released_at: string | null;
  hold_release_note: string | null;
  formatted_date: string;
  dealer: OrderDealer | null;
  lines: LineRecord[];
  payments: PaymentRecord[];
}

export function paymentView(payment: PaymentRecord): Payment {
  return {
    payment_id: payment.payment_id,
    order_id: payment.order_id,
    payment_method: payment.payment_method,
    amount: centsToDollars(payment.amount_cents),
    check_number: payment.check_number,
    notes: payment.notes,
    created_at: payment.created_at,
  };
}

/** The contract's Order: dollars (2 decimals) made from cents only here, at the JSON edge. */
export function orderView(order: OrderRecord): Order {
  const dealer = order.dealer;
  return {
    order_id: order.order_id,
    order_number: orderNumber(order.order_id),
    dealer_id: order.dealer_id,
    created_at: order.created_at,
    formatted_date: order.formatted_date,
    status: order.status,
    payment_status: paymentStatus(order.total_cents, order.paid_cents),
    total_value: centsToDollars(order.total_cents),
    total_paid: centsToDollars(order.paid_cents),
    balance: centsToDollars(balanceCents(order.total_cents, order.paid_cents)),
    payments: order.payments.map(paymentView),
    notes: order.notes,
    dealer_business_name: dealer?.business_name ?? null,
    dealer_full_name: dealer?.full_name ?? null,
    dealer_email: dealer?.email ?? null,
    dealer_city: dealer?.city ?? null,
    dealer_state: dealer?.state ?? null,
    dealer_info: {
      business_name: dealer?.business_name ?? null,
      city: dealer?.city ?? null,
      state: dealer?.state ?? null,
      email: dealer?.email ?? null,
      phone: dealer?.phone ?? null,
    },
    product_details: order.lines.map((line) => ({
      product_id: line.product_id,
      title: line.title,
      description: line.description,
      quantity: line.quantity,
      price: centsToDollars(line.price_cents),
      total: centsToDollars(lineTotalCents(line)),
      is_custom: line.is_custom,
    })),
    delivered_at: order.delivered_at,
    delivered_to: order.delivered_to,
    po_number: order.po_number,
    confirmed_at: order.confirmed_at,
    on_hold: order.on_hold,
    hold_reason: order.hold_reason,
    hold_released_at: order.hold_released_at,
    hold_release_note: order.hold_release_note,
  };
}

/** The lines as events carry them. */
export const eventItems = (lines: readonly LineRecord[]) =>
  lines.map((line) => ({
    product_id: line.product_id,
    title: line.title,
    quantity: line.quantity,
    price_cents: line.price_cents,
    is_custom: line.is_custom,
  }));
