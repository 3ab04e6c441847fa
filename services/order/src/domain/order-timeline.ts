import type { OrderStatus, OrderTimelineStepKind, PaymentMethod, TimelineStepState } from '@portal/contracts';
import { formatDollars } from './invoice-document';

/** The shipment an order is on (the latest that took it), as the order service heard of it from shipping. */
export interface TimelineShipment {
  /** when shipment.created put the order on the route; null while only the departure arrived */
  assigned_at: string | null;
  shipment_name: string | null;
  departed_at: string | null;
  /** the order's stop ETA from the departure; null when the stop has no coordinates */
  eta_at: string | null;
}

export interface TimelinePayment {
  created_at: string;
  amount_cents: number;
  payment_method: PaymentMethod;
  check_number: string | null;
}

/** What the order service keeps of an order's history (instants are ISO 8601 UTC). */
export interface TimelineFacts {
  status: OrderStatus;
  created_at: string;
  confirmed_at: string | null;
  cancelled_at: string | null;
  on_hold: boolean;
  hold_reason: string | null;
  hold_released_at: string | null;
  hold_release_note: string | null;
  delivered_at: string | null;
  delivered_to: string | null;
  /** whether the proof of delivery has a drawn signature (the image itself is served by shipping's proof) */
  with_signature: boolean;
  shipment: TimelineShipment | null;
  payments: readonly TimelinePayment[];
}

/** One step of the timeline; money in cents (the use case turns it into dollars at the JSON edge). */
export interface TimelineStep {
  kind: OrderTimelineStepKind;
  state: TimelineStepState;
  at: string | null;
  title: string;
  detail: string | null;
  /** on_truck only: the expected arrival while the order is not delivered */
  eta_at?: string | null;
  /** payment only */
  amount_cents?: number;
  payment_method?: PaymentMethod;
  /** delivered only */
  with_signature?: boolean;
}

const METHOD_WORDS: Readonly<Record<PaymentMethod, string>> = {
  cash: 'cash',
  card: 'card',
  check: 'check',
  other: 'other payment',
};

/** How far along the delivery line each open status is (cancelled leaves the line). */
const PROGRESS: Readonly<Record<Exclude<OrderStatus, 'cancelled'>, number>> = {
  pending: 0,
  confirmed: 1,
  in_shipment: 2,
  shipped: 3,
  delivered: 4,
};

const time = (iso: string) => Date.parse(iso);

function holdSteps(facts: TimelineFacts): TimelineStep[] {
  if (!facts.hold_reason) return [];
  const steps: TimelineStep[] = [
    { kind: 'on_hold', state: 'done', at: facts.created_at, title: 'On hold', detail: facts.hold_reason },
  ];
  if (facts.hold_released_at)
    steps.push({
      kind: 'hold_released',
      state: 'done',
      at: facts.hold_released_at,
      title: 'Hold released',
      detail: facts.hold_release_note,
    });
  return steps;
}

function confirmedStep(facts: TimelineFacts): TimelineStep {
  return { kind: 'confirmed', state: 'done', at: facts.confirmed_at, title: 'Confirmed', detail: null };
}

function onTruckStep(facts: TimelineFacts): TimelineStep {
  const shipment = facts.shipment;
  const departed = shipment?.departed_at ?? null;
  const route = shipment?.shipment_name ? `Route ${shipment.shipment_name}` : null;
  if (departed || facts.status === 'shipped' || facts.status === 'delivered')
    return {
      kind: 'on_truck',
      state: 'done',
      at: departed ?? shipment?.assigned_at ?? null,
      title: 'On the truck',
      detail: route,
      eta_at: facts.status === 'delivered' ? null : (shipment?.eta_at ?? null),
    };
  return {
    kind: 'on_truck',
    state: 'done',
    at: shipment?.assigned_at ?? null,
    title: 'Scheduled for delivery',
    detail: 'Waiting for the truck to leave',
    eta_at: null,
  };
}

function deliveredStep(facts: TimelineFacts): TimelineStep {
  const to = facts.delivered_to?.trim();
  return {
    kind: 'delivered',
    state: 'done',
    at: facts.delivered_at,
    title: 'Delivered',
    detail: to ? `Received by ${to}` : null,
    with_signature: facts.with_signature,
  };
}

/** The steps of the delivery line the order has not reached yet, as the dealer should expect them. */
function upcomingSteps(facts: TimelineFacts, progress: number): TimelineStep[] {
  const next = (kind: OrderTimelineStepKind, title: string, detail: string): TimelineStep => ({
    kind,
    state: 'upcoming',
    at: null,
    title,
    detail,
  });
  const steps: TimelineStep[] = [];
  if (progress < 1)
    steps.push(
      next(
        'confirmed',
        'Confirmation',
        facts.on_hold ? 'Waiting for an administrator to release the hold' : 'Waiting for confirmation',
      ),
    );
  if (progress < 2) steps.push(next('on_truck', 'On a truck', 'Not yet scheduled for delivery'));
  if (progress < 4) steps.push(next('delivered', 'Delivery', 'Not yet delivered'));
  return steps;
}

function paymentStep(payment: TimelinePayment): TimelineStep {
  const by =
    payment.payment_method === 'check' && payment.check_number
      ? `check #${payment.check_number}`
      : METHOD_WORDS[payment.payment_method];
  return {
    kind: 'payment',
    state: 'done',
    at: payment.created_at,
    title: 'Payment received',
    detail: `${formatDollars(payment.amount_cents)} by ${by}`,
    amount_cents: payment.amount_cents,
    payment_method: payment.payment_method,
  };
}

/**
 * Puts each payment among the reached steps by its time: after every step that happened at or before it. A step
 * without a time (a delivery without proof) keeps its place in the line.
 */
function withPayments(reached: TimelineStep[], payments: readonly TimelinePayment[]): TimelineStep[] {
  const merged = [...reached];
  const sorted = [...payments].sort((a, b) => time(a.created_at) - time(b.created_at));
  for (const payment of sorted) {
    const paidAt = time(payment.created_at);
    const before = merged.findIndex((step) => step.at !== null && time(step.at) > paidAt);
    merged.splice(before === -1 ? merged.length : before, 0, paymentStep(payment));
  }
  return merged;
}

/**
 * The order's timeline, oldest first: placed, the credit hold and its release (when there was one), confirmed,
 * on a truck (the route and, until it is delivered, the stop's ETA), delivered (when and to whom), each payment
 * at its time, and then the steps not reached yet as `upcoming`, so the dealer sees what comes next. The latest
 * reached step of an open order is `current` (a held order's hold). A cancelled order ends its line with the
 * cancellation; a delivered one ends with the delivery.
 */
export function orderTimeline(facts: TimelineFacts): TimelineStep[] {
  const placed: TimelineStep = {
    kind: 'placed',
    state: 'done',
    at: facts.created_at,
    title: 'Order placed',
    detail: null,
  };
  const reached: TimelineStep[] = [placed, ...holdSteps(facts)];

  if (facts.status === 'cancelled') {
    if (facts.confirmed_at) reached.push(confirmedStep(facts));
    reached.push({ kind: 'cancelled', state: 'done', at: facts.cancelled_at, title: 'Cancelled', detail: null });
    return withPayments(reached, facts.payments);
  }

  const progress = PROGRESS[facts.status];
  if (progress >= 1) reached.push(confirmedStep(facts));
  if (progress >= 2) reached.push(onTruckStep(facts));
  if (progress >= 4) reached.push(deliveredStep(facts));
  const last = reached.at(-1);
  if (last && facts.status !== 'delivered') last.state = 'current';
  return [...withPayments(reached, facts.payments), ...upcomingSteps(facts, progress)];
}
