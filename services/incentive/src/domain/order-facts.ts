import { ORDER_STATUSES, type OrderStatus } from '@portal/contracts';

/**
 * What the incentive service knows of one order, from its events only, and the rule of which orders count.
 * Pure: the consumers load the row, apply the events here in delivery order and save what comes out.
 */

/** Which orders count toward a dealer's figures and its programs: every order that is not cancelled. */
export const COUNTED_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((status) => status !== 'cancelled');

export function isCounted(status: OrderStatus | null): boolean {
  return status !== null && COUNTED_STATUSES.includes(status);
}

export interface OrderFacts {
  order_id: string;
  dealer_id: string;
  /** null while only a payment of the order has arrived */
  status: OrderStatus | null;
  total_cents: number;
  /** the quantities of all its lines */
  item_count: number;
  paid_cents: number;
  /** when the order was placed (from order.created); null until that event arrives */
  created_at: string | null;
  /** when the event that gave status, total and items occurred (ISO) */
  state_at: string | null;
  /** when the event that gave paid_cents occurred (ISO) */
  paid_at: string | null;
}

/** One order event, as the facts it carries and when it occurred (the envelope's occurredAt). */
export type OrderActivity =
  | {
      kind: 'created';
      at: string;
      order_id: string;
      dealer_id: string;
      status: OrderStatus;
      total_cents: number;
      item_count: number;
      created_at: string;
    }
  | {
      kind: 'updated';
      at: string;
      order_id: string;
      dealer_id: string;
      status: OrderStatus;
      total_cents: number;
      item_count: number;
      paid_cents: number;
    }
  | { kind: 'payment'; at: string; order_id: string; dealer_id: string; paid_cents: number };

const time = (iso: string) => Date.parse(iso);
/** whether facts given at `stored` may be replaced by facts of an event at `at` (equal: the later delivery wins) */
const notNewer = (stored: string | null, at: string) => stored === null || time(stored) <= time(at);

export function unknownOrder(orderId: string, dealerId: string): OrderFacts {
  return {
    order_id: orderId,
    dealer_id: dealerId,
    status: null,
    total_cents: 0,
    item_count: 0,
    paid_cents: 0,
    created_at: null,
    state_at: null,
    paid_at: null,
  };
}

/**
 * The order's facts after `activity`. Each part moves only forward in event time: an event older than the
 * state kept changes nothing there, and the same event applied twice gives the same facts. order.created
 * fills in created_at whenever it arrives (it never changes), and counts as "nothing paid yet" at its time.
 */
export function applyActivity(facts: OrderFacts | null, activity: OrderActivity): OrderFacts {
  const next = { ...(facts ?? unknownOrder(activity.order_id, activity.dealer_id)) };
  if (activity.kind === 'created' && next.created_at === null) next.created_at = activity.created_at;
  if (activity.kind !== 'payment' && notNewer(next.state_at, activity.at)) {
    next.status = activity.status;
    next.total_cents = activity.total_cents;
    next.item_count = activity.item_count;
    next.state_at = activity.at;
  }
  const paid = activity.kind === 'created' ? 0 : activity.paid_cents;
  if (notNewer(next.paid_at, activity.at)) {
    next.paid_cents = paid;
    next.paid_at = activity.at;
  }
  return next;
}

/** A dealer's figures in integer units: cents, orders, items. */
export interface Figures {
  revenue_cents: number;
  orders: number;
  items: number;
  paid_cents: number;
}

export const NO_FIGURES: Figures = { revenue_cents: 0, orders: 0, items: 0, paid_cents: 0 };

/** What one order adds to its dealer's figures: everything when it counts, nothing otherwise. */
export function contribution(facts: OrderFacts | null): Figures {
  if (!facts || !isCounted(facts.status)) return NO_FIGURES;
  return { revenue_cents: facts.total_cents, orders: 1, items: facts.item_count, paid_cents: facts.paid_cents };
}

export const addFigures = (a: Figures, b: Figures): Figures => ({
  revenue_cents: a.revenue_cents + b.revenue_cents,
  orders: a.orders + b.orders,
  items: a.items + b.items,
  paid_cents: a.paid_cents + b.paid_cents,
});

export const subtractFigures = (a: Figures, b: Figures): Figures => ({
  revenue_cents: a.revenue_cents - b.revenue_cents,
  orders: a.orders - b.orders,
  items: a.items - b.items,
  paid_cents: a.paid_cents - b.paid_cents,
});

export const isZero = (f: Figures) => !f.revenue_cents && !f.orders && !f.items && !f.paid_cents;

/**
 * Whether the change from `before` to `after` may have taken the dealer over a tier: the order counts now and
 * its amounts, or its place in time (created_at newly known), moved.
 */
export function mayReachTier(before: OrderFacts | null, after: OrderFacts): boolean {
  if (!isCounted(after.status) || after.created_at === null) return false;
  const was = contribution(before);
  const now = contribution(after);
  return (
    before?.created_at == null ||
    now.revenue_cents > was.revenue_cents ||
    now.orders > was.orders ||
    now.items > was.items
  );
}
