import type { OrderStatus } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { OrderFacts } from '../domain/order-facts';

interface OrderRow {
  order_id: string;
  dealer_id: string;
  status: OrderStatus | null;
  total_cents: number;
  item_count: number;
  paid_cents: number;
  created_at: Date | null;
  state_at: Date | null;
  paid_at: Date | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const COLUMNS = `order_id, dealer_id, status, total_cents::float8 AS total_cents, item_count,
  paid_cents::float8 AS paid_cents, created_at, state_at, paid_at`;

/**
 * The facts of these orders, locked for this transaction (in order_id order, so concurrent consumers never
 * deadlock), in one statement: an order not heard of before gets its row now (so a concurrent first event
 * waits for this one) and is answered as unknown; a known one is locked by a no-op update and answered as kept.
 */
export async function lockOrders(
  manager: EntityManager,
  orders: ReadonlyMap<string, string>,
): Promise<Map<string, OrderFacts>> {
  const ids = [...orders.keys()].sort();
  const found = new Map<string, OrderFacts>();
  if (!ids.length) return found;
  const rows: OrderRow[] = await manager.query(
    `INSERT INTO orders AS o (order_id, dealer_id) SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (order_id) DO UPDATE SET order_id = o.order_id
     RETURNING ${COLUMNS}`,
    [ids, ids.map((id) => orders.get(id))],
  );
  for (const row of rows) {
    found.set(row.order_id, {
      ...row,
      created_at: iso(row.created_at),
      state_at: iso(row.state_at),
      paid_at: iso(row.paid_at),
    });
  }
  return found;
}

/** Writes the facts of orders locked by lockOrders. */
export async function saveOrders(manager: EntityManager, orders: readonly OrderFacts[]): Promise<void> {
  if (!orders.length) return;
  await manager.query(
    `UPDATE orders o SET status = v.status, total_cents = v.total_cents, item_count = v.item_count,
       paid_cents = v.paid_cents, created_at = v.created_at, state_at = v.state_at, paid_at = v.paid_at
     FROM unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::bigint[], $6::timestamptz[], $7::timestamptz[],
       $8::timestamptz[]) AS v(order_id, status, total_cents, item_count, paid_cents, created_at, state_at, paid_at)
     WHERE o.order_id = v.order_id`,
    [
      orders.map((o) => o.order_id),
      orders.map((o) => o.status),
      orders.map((o) => o.total_cents),
      orders.map((o) => o.item_count),
      orders.map((o) => o.paid_cents),
      orders.map((o) => o.created_at),
      orders.map((o) => o.state_at),
      orders.map((o) => o.paid_at),
    ],
  );
}
