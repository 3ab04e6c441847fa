import type { BuiltJson } from '@portal/platform';
import type { DataSource } from 'typeorm';
import type { OrderContext } from '../context';
import { findOrdersWithVersion, listOrders, orderListFingerprint, orderListVersions } from '../data/orders';
import { type OrderRecord, orderView } from '../domain/order-view';

/** Every order, newest first. */
export const allOrders = (ctx: OrderContext): Promise<OrderRecord[]> => listOrders(ctx.db.manager, null);

/** One dealer's orders, newest first (the router lets a dealer ask only for its own). */
export const dealerOrders = (ctx: OrderContext, dealerId: string): Promise<OrderRecord[]> =>
  listOrders(ctx.db.manager, dealerId);

/** A list's answer `{ success: true, orders: [...] }` and the fingerprint of the orders it shows. */
export interface BuiltOrderList extends BuiltJson {
  fingerprint: string;
}

interface Caches {
  /** each order's view as JSON bytes, with the version it was made from */
  views: Map<string, { version: string; json: Buffer }>;
  /** the last answer of each list: 'all', or a dealer's id (the most recently used dealers only) */
  lists: Map<string, BuiltOrderList>;
  /** the build of each list under way: requests arriving meanwhile share it rather than build their own */
  building: Map<string, { generation: number; answer: Promise<BuiltOrderList> }>;
  /** counts the builds started, so a request knows which began after it read the fingerprint */
  generation: number;
}

const DEALER_LISTS_KEPT = 200;
const HEAD = Buffer.from('{"success":true,"orders":[');
const COMMA = Buffer.from(',');
const TAIL = Buffer.from(']}');
const FETCH_CHUNK = 2000;
/** per database (tests run several services in one process) */
const caches = new WeakMap<DataSource, Caches>();

function cachesOf(db: DataSource): Caches {
  let found = caches.get(db);
  if (!found) {
    found = { views: new Map(), lists: new Map(), building: new Map(), generation: 0 };
    caches.set(db, found);
  }
  return found;
}

/**
 * The all-orders list (dealerId null) or a dealer's, as the JSON answer: served from the last build while its
 * fingerprint is unchanged (one scan, no JSON), else brought up to date by rendering only the orders whose
 * version moved — a new order, a payment or an edit costs one order's view, not 50,000. Every replica checks
 * the fingerprint itself, so an answer is never older than the committed data. Requests that find the list
 * changed while a build is under way wait for that build (each would otherwise join and gzip the whole list
 * again: under a stream of new orders that took all-orders to 504); a build that turns out older than what the
 * request saw is followed by one more.
 */
export async function orderListAnswer(ctx: OrderContext, dealerId: string | null): Promise<BuiltOrderList> {
  const caches = cachesOf(ctx.db);
  const { lists, building } = caches;
  const key = dealerId === null ? 'all' : `dealer:${dealerId}`;
  const current = await orderListFingerprint(ctx.db.manager, dealerId);
  // a build started from now on reads data at least as new as `current`
  const seen = caches.generation;
  const cached = lists.get(key);
  if (cached && cached.fingerprint === current) {
    lists.delete(key);
    lists.set(key, cached); // most recently used last
    return cached;
  }
  for (let inFlight = building.get(key); inFlight; inFlight = building.get(key)) {
    const built = await inFlight.answer.catch(() => null);
    if (built && (built.fingerprint === current || inFlight.generation > seen)) return built;
    if (building.get(key) === inFlight) break; // failed, or began before this request: build anew
  }
  const entry = { generation: ++caches.generation, answer: buildOrderList(ctx, dealerId, key) };
  building.set(key, entry);
  try {
    return await entry.answer;
  } finally {
    if (building.get(key) === entry) building.delete(key);
  }
}

async function buildOrderList(ctx: OrderContext, dealerId: string | null, key: string): Promise<BuiltOrderList> {
  const manager = ctx.db.manager;
  const { views, lists } = cachesOf(ctx.db);
  const { orders, fingerprint } = await orderListVersions(manager, dealerId);
  const stale = orders.filter((order) => views.get(order.order_id)?.version !== order.version).map((o) => o.order_id);
  for (let start = 0; start < stale.length; start += FETCH_CHUNK) {
    for (const { record, version } of await findOrdersWithVersion(manager, stale.slice(start, start + FETCH_CHUNK))) {
      views.set(record.order_id, { version, json: Buffer.from(JSON.stringify(orderView(record))) });
    }
  }
  const parts: Buffer[] = [HEAD];
  for (const order of orders) {
    const view = views.get(order.order_id);
    if (!view) continue; // deleted since the versions were read
    if (parts.length > 1) parts.push(COMMA);
    parts.push(view.json);
  }
  parts.push(TAIL);
  if (dealerId === null) {
    // the whole list was read: views of orders no longer in it are dropped
    const listed = new Set(orders.map((order) => order.order_id));
    for (const id of views.keys()) if (!listed.has(id)) views.delete(id);
  }
  const built: BuiltOrderList = {
    fingerprint,
    etag: `W/"orders-${key}-${fingerprint}"`,
    body: Buffer.concat(parts),
  };
  lists.delete(key);
  lists.set(key, built);
  if (lists.size > DEALER_LISTS_KEPT + 1) {
    const oldestDealer = [...lists.keys()].find((k) => k !== 'all');
    if (oldestDealer) lists.delete(oldestDealer);
  }
  return built;
}
