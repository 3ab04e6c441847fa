import type { OrderStatus, PaymentMethod } from '@portal/contracts';
import { SYSTEM_TIMEZONE_SQL } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { DeliveryProof } from '../domain/delivery-proof';
import type { LineRecord } from '../domain/order-lines';
import type { OrderRecord, PaymentRecord } from '../domain/order-view';

export const ORDER_NOT_FOUND = 'Error: Order not found';

/** ISO 8601 in UTC, as the contract's IsoDate. */
export const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const PAYMENT_JSON = (p: string) => `json_build_object('payment_id', ${p}.payment_id, 'order_id', ${p}.order_id,
  'payment_method', ${p}.payment_method, 'amount_cents', ${p}.amount_cents, 'check_number', ${p}.check_number,
  'notes', ${p}.notes, 'created_at', ${iso(`${p}.created_at`)})`;

/**
 * An order (`orders o`) with its dealer, lines and payments as one JSON value built by PostgreSQL (one round
 * trip for a whole page or list, each part read through its index; money stays integer cents until the view
 * turns it into dollars). `formatted_date` is the order's day in the system timezone (read once per statement).
 */
export const ORDER_JSON = `json_build_object(
  'order_id', o.order_id, 'dealer_id', o.dealer_id, 'status', o.status, 'notes', o.notes, 'po_number', o.po_number,
  'total_cents', o.total_cents, 'paid_cents', o.paid_cents,
  'created_at', ${iso('o.created_at')},
  'delivered_at', ${iso('o.delivered_at')}, 'delivered_to', o.delivered_to,
  'confirmed_at', ${iso('o.confirmed_at')}, 'on_hold', o.on_hold, 'hold_reason', o.hold_reason,
  'hold_released_at', ${iso('o.hold_released_at')}, 'hold_release_note', o.hold_release_note,
  'formatted_date', to_char(o.created_at AT TIME ZONE ${SYSTEM_TIMEZONE_SQL}, 'FMMon FMDD, YYYY'),
  'dealer', (SELECT json_build_object('business_name', d.business_name, 'full_name', d.full_name, 'email', d.email,
      'phone', d.phone, 'address', d.address, 'city', d.city, 'state', d.state, 'zip_code', d.zip_code)
    FROM known_dealers d WHERE d.dealer_id = o.dealer_id),
  'lines', COALESCE((SELECT json_agg(json_build_object('product_id', l.product_id, 'title', l.title,
      'description', l.description, 'quantity', l.quantity, 'price_cents', l.price_cents, 'is_custom', l.is_custom)
      ORDER BY l.position) FROM order_lines l WHERE l.order_id = o.order_id), '[]'::json),
  'payments', COALESCE((SELECT json_agg(${PAYMENT_JSON('p')} ORDER BY p.created_at, p.payment_id)
    FROM payments p WHERE p.order_id = o.order_id), '[]'::json)
) AS record`;

export interface NewOrder {
  order_id: string;
  dealer_id: string;
  status: OrderStatus;
  notes: string | null;
  /** the dealer's purchase order number (dealer orders only) */
  po_number?: string | null;
  total_cents: number;
  idempotency_key: string | null;
  request_fingerprint: string | null;
  /** why the credit hold holds it; null (or absent) when it is not held */
  hold_reason?: string | null;
}

/** Statuses that count as confirmed: the first move into one of them stamps the order's confirmed_at. */
const CONFIRMED_SQL = (status: string) =>
  `CASE WHEN ${status} IN ('confirmed', 'in_shipment', 'shipped', 'delivered') THEN clock_timestamp() END`;

/**
 * Inserts the order; answers false (and inserts nothing) when the dealer already has an order with the same
 * idempotency key. A concurrent insert with that key waits for the other transaction, then answers false.
 */
export async function insertOrder(manager: EntityManager, order: NewOrder): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO orders (order_id, dealer_id, status, notes, total_cents, idempotency_key, request_fingerprint,
       confirmed_at, on_hold, hold_reason, po_number)
     VALUES ($1, $2, $3, $4, $5, $6, $7, ${CONFIRMED_SQL('$3')}, $8::text IS NOT NULL, $8, $9)
     ON CONFLICT (dealer_id, idempotency_key) DO NOTHING
     RETURNING order_id`,
    [
      order.order_id,
      order.dealer_id,
      order.status,
      order.notes,
      order.total_cents,
      order.idempotency_key,
      order.request_fingerprint,
      order.hold_reason ?? null,
      order.po_number ?? null,
    ],
  );
  return rows.length > 0;
}

/** The dealer's order made with `key`, with the fingerprint of the request that made it. */
export async function findOrderByKey(
  manager: EntityManager,
  dealerId: string,
  key: string,
): Promise<{ order_id: string; request_fingerprint: string | null } | null> {
  const rows: { order_id: string; request_fingerprint: string | null }[] = await manager.query(
    'SELECT order_id, request_fingerprint FROM orders WHERE dealer_id = $1 AND idempotency_key = $2',
    [dealerId, key],
  );
  return rows[0] ?? null;
}

/** Replaces the order's lines with `lines`, in their order (one multi-row insert). */
export async function saveLines(manager: EntityManager, orderId: string, lines: readonly LineRecord[]): Promise<void> {
  await manager.query('DELETE FROM order_lines WHERE order_id = $1', [orderId]);
  if (!lines.length) return;
  await manager.query(
    `INSERT INTO order_lines (order_id, position, product_id, title, description, quantity, price_cents, is_custom)
     SELECT $1, t.position, t.product_id, t.title, t.description, t.quantity, t.price_cents, t.is_custom
     FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::int[], $7::int[], $8::boolean[])
       AS t(position, product_id, title, description, quantity, price_cents, is_custom)`,
    [
      orderId,
      lines.map((_, i) => i),
      lines.map((line) => line.product_id),
      lines.map((line) => line.title),
      lines.map((line) => line.description),
      lines.map((line) => line.quantity),
      lines.map((line) => line.price_cents),
      lines.map((line) => line.is_custom),
    ],
  );
}

/** The order's row, locked until the transaction ends: changes and payments of one order run one at a time. */
export async function lockOrder(
  manager: EntityManager,
  orderId: string,
): Promise<{
  order_id: string;
  dealer_id: string;
  status: OrderStatus;
  total_cents: number;
  paid_cents: number;
  on_hold: boolean;
} | null> {
  const rows: {
    order_id: string;
    dealer_id: string;
    status: OrderStatus;
    total_cents: string;
    paid_cents: string;
    on_hold: boolean;
  }[] = await manager.query(
    `SELECT order_id, dealer_id, status, total_cents::text, paid_cents::text, on_hold
     FROM orders WHERE order_id = $1 FOR UPDATE`,
    [orderId],
  );
  const row = rows[0];
  return row ? { ...row, total_cents: Number(row.total_cents), paid_cents: Number(row.paid_cents) } : null;
}

export async function saveOrderChanges(
  manager: EntityManager,
  orderId: string,
  changes: { status: OrderStatus; notes: string | null; total_cents: number },
): Promise<void> {
  await manager.query(
    `UPDATE orders SET status = $2, notes = $3, total_cents = $4, updated_at = clock_timestamp(),
       confirmed_at = COALESCE(confirmed_at, ${CONFIRMED_SQL('$2::text')}),
       cancelled_at = CASE WHEN $2::text = 'cancelled' THEN COALESCE(cancelled_at, clock_timestamp()) END
     WHERE order_id = $1`,
    [orderId, changes.status, changes.notes, changes.total_cents],
  );
}

/** Releases the (locked) order's credit hold, keeping the admin's note. */
export async function releaseHold(manager: EntityManager, orderId: string, note: string): Promise<void> {
  await manager.query(
    `UPDATE orders SET on_hold = false, hold_released_at = clock_timestamp(), hold_release_note = $2,
       updated_at = clock_timestamp()
     WHERE order_id = $1`,
    [orderId, note],
  );
}

/** Marks the (locked) order delivered with the driver's proof. */
export async function saveDelivery(manager: EntityManager, orderId: string, proof: DeliveryProof): Promise<void> {
  await manager.query(
    `UPDATE orders SET status = 'delivered', delivered_at = $2, delivered_to = $3, delivery_signature_png = $4,
       updated_at = clock_timestamp(), confirmed_at = COALESCE(confirmed_at, clock_timestamp())
     WHERE order_id = $1`,
    [orderId, proof.delivered_at, proof.delivered_to, proof.signature_png],
  );
}

/** Returns the (locked) order to `status` and forgets its proof of delivery (an undone delivered mark). */
export async function clearDelivery(manager: EntityManager, orderId: string, status: OrderStatus): Promise<void> {
  await manager.query(
    `UPDATE orders SET status = $2, delivered_at = NULL, delivered_to = NULL, delivery_signature_png = NULL,
       updated_at = clock_timestamp()
     WHERE order_id = $1`,
    [orderId, status],
  );
}

/** The signature drawn at the order's delivery (PNG bytes), or null. Read apart: only the invoice draws it. */
export async function findDeliverySignature(manager: EntityManager, orderId: string): Promise<Buffer | null> {
  const rows: { png: Buffer | null }[] = await manager.query(
    'SELECT delivery_signature_png AS png FROM orders WHERE order_id = $1',
    [orderId],
  );
  return rows[0]?.png ?? null;
}

export interface NewPayment {
  payment_id: string;
  order_id: string;
  payment_method: PaymentMethod;
  amount_cents: number;
  check_number: string | null;
  notes: string | null;
}

/** Records the payment and adds it to the order's paid total (the order row must be locked by the caller). */
export async function insertPayment(manager: EntityManager, payment: NewPayment): Promise<PaymentRecord> {
  const rows: { record: PaymentRecord }[] = await manager.query(
    `INSERT INTO payments (payment_id, order_id, payment_method, amount_cents, check_number, notes)
     VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING ${PAYMENT_JSON('payments')} AS record`,
    [
      payment.payment_id,
      payment.order_id,
      payment.payment_method,
      payment.amount_cents,
      payment.check_number,
      payment.notes,
    ],
  );
  await manager.query(
    'UPDATE orders SET paid_cents = paid_cents + $2, updated_at = clock_timestamp() WHERE order_id = $1',
    [payment.order_id, payment.amount_cents],
  );
  const row = rows[0];
  if (!row) throw new Error('payment insert answered no row');
  return row.record;
}

/** One order as OrderRecord, or null. */
export async function findOrder(manager: EntityManager, orderId: string): Promise<OrderRecord | null> {
  const rows: { record: OrderRecord }[] = await manager.query(
    `SELECT ${ORDER_JSON} FROM orders o WHERE o.order_id = $1`,
    [orderId],
  );
  return rows[0]?.record ?? null;
}
