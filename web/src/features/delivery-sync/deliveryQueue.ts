import type {
  DeliverySummary,
  OrderStatus,
  Shipment,
  ShipmentStatus,
  ShipmentSummary,
  ShippingOrder,
} from '@portal/contracts';
import { DELIVERY_UNDO_WINDOW_MINUTES } from '@portal/contracts/values';

/**
 * The driver's queue of actions (pure rules, no I/O): every Mark Shipped, Mark Delivered (with its proof) and
 * Undo is stored the moment the driver acts, with the idempotency key it is sent with, and sent in order. What
 * the screen shows is the last copy the server answered with the actions still waiting applied on top.
 */

/** The proof of a delivery as the driver took it; the images are kept as blobs until sent. */
export interface QueuedProof {
  recipient_name: string;
  notes: string | null;
  latitude: number | null;
  longitude: number | null;
  /** when the driver took it (ISO 8601): it may be sent much later */
  captured_at: string;
  signature: Blob | null;
  photos: Blob[];
}

interface QueuedBase {
  /** the Idempotency-Key it is sent with, made when the driver acted: a resend after a lost answer does it once */
  key: string;
  /** its place in the queue: actions are sent in this order */
  seq: number;
  /** who queued it (the signed-in user's key): only they send or see it */
  user: string;
  shipment_id: string;
  order_id: string;
  order_number: string;
  queued_at: string;
  /** pending: to be sent; conflict: the server refused it (shown with its detail until dismissed) */
  state: 'pending' | 'conflict';
  /** the server's detail of a refusal */
  detail: string | null;
  /** failed sends so far (network or server trouble), for the back-off */
  attempts: number;
}

export type QueuedAction =
  | (QueuedBase & { kind: 'shipped' })
  | (QueuedBase & { kind: 'delivered'; proof: QueuedProof })
  | (QueuedBase & { kind: 'undo' });

export type QueuedKind = QueuedAction['kind'];

/** The next action to send: the oldest pending one (a refused action never holds back the others). */
export function nextToSend(queue: readonly QueuedAction[]): QueuedAction | undefined {
  return sortedQueue(queue).find((action) => action.state === 'pending');
}

export function sortedQueue(queue: readonly QueuedAction[]): QueuedAction[] {
  return [...queue].sort((a, b) => a.seq - b.seq);
}

/** What a send's answer means for the action. */
export type SendOutcome =
  /** recorded: leave the queue */
  | 'done'
  /** refused for good (e.g. 409, the order was cancelled meanwhile): shown as a conflict, never dropped silently */
  | 'conflict'
  /** no answer, or the server's trouble: kept and tried again later */
  | 'retry'
  /** the session ended: kept until the driver signs in again */
  | 'signin';

/** `status` is the HTTP status, or RTK Query's 'FETCH_ERROR' / 'TIMEOUT_ERROR' ... when nothing came back. */
export function sendOutcome(status: number | string): SendOutcome {
  if (typeof status !== 'number') return 'retry';
  if (status >= 200 && status < 300) return 'done';
  if (status === 401) return 'signin';
  // a timeout or throttle at the edge says nothing about the action itself
  if (status === 408 || status === 429) return 'retry';
  if (status >= 400 && status < 500) return 'conflict';
  return 'retry';
}

const RETRY_BASE_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** How long to wait before sending again after `attempts` failures: doubling, at most a minute. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * What an Undo does to the queue: a delivery still waiting to be sent is simply taken back (nothing reaches the
 * server, and a shipped mark before it stays); one the server has recorded gets an undo action queued.
 */
export function undoPlan(
  queue: readonly QueuedAction[],
  orderId: string,
): { kind: 'withdraw'; keys: string[] } | { kind: 'send' } {
  const waiting = queue.filter(
    (action) => action.order_id === orderId && action.kind === 'delivered' && action.state === 'pending',
  );
  return waiting.length > 0 ? { kind: 'withdraw', keys: waiting.map((action) => action.key) } : { kind: 'send' };
}

/** The actions waiting for one order (pending ones; a conflict is shown apart). */
export function pendingFor(queue: readonly QueuedAction[], orderId: string): QueuedAction[] {
  return sortedQueue(queue).filter((action) => action.order_id === orderId && action.state === 'pending');
}

export function conflictsFor(queue: readonly QueuedAction[], orderId: string): QueuedAction[] {
  return sortedQueue(queue).filter((action) => action.order_id === orderId && action.state === 'conflict');
}

const DONE_VERB: Record<QueuedKind, string> = {
  shipped: 'marked shipped',
  delivered: 'marked delivered',
  undo: 'changed back (undo delivery)',
};

/** What a refusal says on the order: which action, and the server's reason as it gave it. */
export function conflictMessage(action: QueuedAction): string {
  const reason = action.detail?.replace(/^error:\s*/i, '') || 'The server refused the change.';
  return `Order #${action.order_number} could not be ${DONE_VERB[action.kind]}: ${reason}`;
}

/** The optimistic delivery of a queued proof, as the server would show it. */
function queuedDelivery(action: QueuedAction & { kind: 'delivered' }, driverEmail: string): DeliverySummary {
  const captured = Date.parse(action.proof.captured_at);
  return {
    delivered_at: action.proof.captured_at,
    recipient_name: action.proof.recipient_name || null,
    delivered_by: driverEmail,
    has_signature: action.proof.signature !== null,
    photo_count: action.proof.photos.length,
    undo_until: new Date(captured + DELIVERY_UNDO_WINDOW_MINUTES * 60_000).toISOString(),
  };
}

interface OrderView {
  status: OrderStatus;
  delivery: DeliverySummary | null;
}

/** One order after an action, as the server will answer once it has it. */
function applyToOrder(order: OrderView, action: QueuedAction, driverEmail: string): OrderView {
  switch (action.kind) {
    case 'shipped':
      return order.status === 'in_shipment' ? { ...order, status: 'shipped' } : order;
    case 'delivered':
      return order.status === 'in_shipment' || order.status === 'shipped'
        ? { status: 'delivered', delivery: queuedDelivery(action, driverEmail) }
        : order;
    case 'undo':
      // the server puts it back where it was before; shipped is what a driver's delivered order had been
      return order.status === 'delivered' ? { status: 'shipped', delivery: null } : order;
  }
}

/** Counts and status of a shipment from its orders, as the server derives them. */
function withDerivedProgress<T extends ShipmentSummary>(summary: T, orders: readonly ShippingOrder[]): T {
  const delivered = orders.filter((order) => order.status === 'delivered').length;
  const shipped = orders.filter((order) => order.status === 'shipped').length;
  const status: ShipmentStatus =
    orders.length > 0 && delivered === orders.length ? 'COMPLETED' : delivered + shipped > 0 ? 'IN PROGRESS' : 'READY';
  return {
    ...summary,
    status,
    delivery_stats: { ...summary.delivery_stats, delivered_orders: delivered, shipped_orders: shipped },
  };
}

/** The shipment as the driver sees it: the server's last copy with the still-pending actions applied in order. */
export function shipmentWithPending(shipment: Shipment, queue: readonly QueuedAction[], driverEmail: string): Shipment {
  const pending = sortedQueue(queue).filter(
    (action) => action.shipment_id === shipment.shipment_id && action.state === 'pending',
  );
  if (pending.length === 0) return shipment;
  const orders = shipment.orders.map((order) => {
    let view: OrderView = { status: order.status, delivery: order.delivery };
    for (const action of pending)
      if (action.order_id === order.order_id) view = applyToOrder(view, action, driverEmail);
    return view.status === order.status && view.delivery === order.delivery ? order : { ...order, ...view };
  });
  const delivered = new Set(orders.filter((order) => order.status === 'delivered').map((order) => order.order_id));
  const nextStop = shipment.route.find((stop) => stop.order_ids.some((id) => !delivered.has(id)));
  return withDerivedProgress(
    {
      ...shipment,
      orders,
      departed_at: shipment.departed_at ?? pending[0]?.queued_at ?? null,
      next_stop: nextStop
        ? {
            stop_number: nextStop.stop_number,
            business_name: nextStop.business_name,
            full_address: nextStop.full_address,
          }
        : null,
    },
    orders,
  );
}

/** A card's summary, from the shipment as the driver sees it (when the full copy is kept). */
export function summaryOf(shipment: Shipment): ShipmentSummary {
  const { route: _route, orders: _orders, route_links: _links, ...summary } = shipment;
  return summary;
}

/** Whether the signed-in user may still undo this delivery: within its window, and theirs (or an admin). */
/**
 * Whether the signed-in user may work a route (mark its orders, record or undo a delivery): admins always, a
 * delivery user on a route nobody drives or on their own — the server refuses the rest (403), so their buttons
 * are not offered.
 */
export function mayWorkRoute(
  driver: { email: string } | null,
  user: { email: string; role: string } | null | undefined,
): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  return user.role === 'delivery' && (driver === null || driver.email.toLowerCase() === user.email.toLowerCase());
}

export function canUndo(
  delivery: DeliverySummary | null,
  user: { email: string; role: string },
  now: number = Date.now(),
): boolean {
  if (!delivery?.undo_until) return false;
  if (Date.parse(delivery.undo_until) <= now) return false;
  return user.role === 'admin' || delivery.delivered_by.toLowerCase() === user.email.toLowerCase();
}
