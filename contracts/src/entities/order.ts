import { z } from 'zod';
import { IsoDate } from '../common';
import { Money } from '../fields';
import { ORDER_STATUSES } from '../values';

export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

export const PAYMENT_STATUSES = ['unpaid', 'partially_paid', 'fully_paid'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const PAYMENT_METHODS = ['cash', 'card', 'check', 'other'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** Custom (non-catalogue) lines have a product_id starting with this prefix. */
export const CUSTOM_LINE_PREFIX = 'custom_';

/** An order's number as the screens, invoices and notices show it: the last 8 characters of its id, upper-cased. */
export const orderNumber = (orderId: string): string => orderId.slice(-8).toUpperCase();

/** Money fields are dollars with at most 2 decimals; services keep integer cents. */
export const OrderLine = z.object({
  product_id: z.string(),
  title: z.string(),
  description: z.string().nullable().optional(),
  quantity: z.number().int().positive(),
  price: Money.describe('unit price, US dollars'),
  total: Money.describe('quantity × price, US dollars'),
  is_custom: z.boolean(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const Payment = z.object({
  payment_id: z.string(),
  order_id: z.string(),
  payment_method: PaymentMethod,
  amount: Money,
  check_number: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: IsoDate,
});
export type Payment = z.infer<typeof Payment>;

export const DealerInfo = z.object({
  business_name: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const Order = z.object({
  order_id: z.string().describe('the order number shown is its last 8 characters, upper-cased'),
  order_number: z.string().describe('the last 8 characters of order_id, upper-cased (as the screens show it)'),
  dealer_id: z.string(),
  created_at: IsoDate,
  formatted_date: z.string(),
  status: OrderStatus,
  payment_status: PaymentStatus,
  total_value: Money,
  total_paid: Money,
  balance: z.number().multipleOf(0.01).describe('total_value − total_paid, US dollars'),
  payments: z.array(Payment),
  notes: z.string().nullable(),
  dealer_business_name: z.string().nullable(),
  dealer_full_name: z.string().nullable(),
  dealer_email: z.string().nullable(),
  dealer_city: z.string().nullable(),
  dealer_state: z.string().nullable(),
  dealer_info: DealerInfo,
  product_details: z.array(OrderLine),
  /** beyond the spec: when and to whom it was delivered, from the driver's proof; null otherwise */
  delivered_at: IsoDate.nullable(),
  delivered_to: z.string().nullable(),
  /** beyond the spec (issue 24): when it was first confirmed; it is due its dealer's payment terms after */
  confirmed_at: IsoDate.nullable(),
  /** beyond the spec (issue 24): held by the credit hold; it cannot be confirmed until an admin releases it */
  on_hold: z.boolean(),
  hold_reason: z.string().nullable().describe('why it is (or was) held, e.g. "Over the credit limit of $5000.00"'),
  hold_released_at: IsoDate.nullable(),
  hold_release_note: z.string().nullable().describe("the admin's note when the hold was released"),
  /** beyond the spec: the dealer's purchase order number from submit-order; null when none was given */
  po_number: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

/** A dealer's payment terms and credit limit (issue 24). */
export const DealerTerms = z.object({
  dealer_id: z.string(),
  payment_terms_days: z.number().int().describe('days after confirmation an order is due (the default when not set)'),
  terms_are_default: z.boolean().describe('true when the dealer has no terms of its own and the default applies'),
  credit_limit: Money.nullable().describe('US dollars; null: no limit'),
});
export type DealerTerms = z.infer<typeof DealerTerms>;

/**
 * A dealer's order figures, summed over every order it has (the dealer Overview and the admin's dealer detail):
 * open orders are those neither delivered nor cancelled; a cancelled order is neither billed nor owed, but what
 * was paid on it before it was cancelled stays in `paid`, so `balance` is not always `billed − paid`.
 */
export const DealerOrderSummary = z.object({
  order_count: z.number().int().nonnegative().describe('every order of the dealer, whatever its status'),
  open_order_count: z.number().int().nonnegative().describe('orders neither delivered nor cancelled'),
  billed: Money.describe('the totals of the orders that are not cancelled, US dollars'),
  paid: Money.describe('what was paid on all its orders (cancelled ones too), US dollars'),
  balance: Money.describe('what is left to pay on the orders that are not cancelled, US dollars'),
});
export type DealerOrderSummary = z.infer<typeof DealerOrderSummary>;

/** Where is my order (issue 24): the kinds of step an order's timeline has, in the order of its delivery line. */
export const ORDER_TIMELINE_STEP_KINDS = [
  'placed',
  'on_hold',
  'hold_released',
  'confirmed',
  'on_truck',
  'delivered',
  'cancelled',
  'payment',
] as const;
export const OrderTimelineStepKind = z.enum(ORDER_TIMELINE_STEP_KINDS);
export type OrderTimelineStepKind = z.infer<typeof OrderTimelineStepKind>;

export const TIMELINE_STEP_STATES = ['done', 'current', 'upcoming'] as const;
export const TimelineStepState = z.enum(TIMELINE_STEP_STATES);
export type TimelineStepState = z.infer<typeof TimelineStepState>;

export const OrderTimelineStep = z.object({
  kind: OrderTimelineStepKind,
  state: TimelineStepState.describe('done; current: where the order is now; upcoming: not reached yet'),
  at: IsoDate.nullable().describe('when it happened; null for an upcoming step or a time the order never learned'),
  title: z.string(),
  detail: z.string().nullable().describe('the hold reason or release note, the route, who received it, …'),
  eta_at: IsoDate.nullable()
    .optional()
    .describe("on_truck only: the route stop's expected arrival, while the order is not delivered"),
  amount: Money.optional().describe('payment only, US dollars'),
  payment_method: PaymentMethod.optional().describe('payment only'),
  with_signature: z
    .boolean()
    .optional()
    .describe('delivered only: the proof has a signature (GET /api/dealer/orders/{order_id}/proof serves it)'),
});
export type OrderTimelineStep = z.infer<typeof OrderTimelineStep>;

/** An order's timeline, oldest step first, then the upcoming ones (a cancelled or delivered order has none). */
export const OrderTimeline = z.object({
  order_id: z.string(),
  order_number: z.string(),
  status: OrderStatus,
  steps: z.array(OrderTimelineStep),
});
export type OrderTimeline = z.infer<typeof OrderTimeline>;
