import type { EntityManager } from 'typeorm';

/** What identity keeps of an order for its notices (see migration 1769700000000). */
export interface NotificationOrder {
  order_id: string;
  dealer_id: string;
  status: string;
  /** its total, 0 while cancelled: what it adds to its month's revenue */
  counted_cents: number;
  /** a fingerprint of its lines, notes, totals and payment */
  content: string;
  /** null until order.created came */
  created_at: string | null;
  /** the time of the event the status and content came from */
  changed_at: string;
}

const COLUMNS = `order_id, dealer_id, status, counted_cents::float8 AS counted_cents, content,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
  to_char(changed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS changed_at`;

/** The order as kept, locked for this transaction (the next event of the same order waits), or null. */
export async function lockNotificationOrder(
  manager: EntityManager,
  orderId: string,
): Promise<NotificationOrder | null> {
  const rows: NotificationOrder[] = await manager.query(
    `SELECT ${COLUMNS} FROM notification_orders WHERE order_id = $1 FOR UPDATE`,
    [orderId],
  );
  return rows[0] ?? null;
}

/**
 * Keeps an order as an event announced it at `changedAt`: the status, totals and content only when no newer
 * event was kept (events may arrive out of order); the creation time whenever it becomes known. Answers the
 * order as kept now.
 */
export async function keepNotificationOrder(
  manager: EntityManager,
  order: Omit<NotificationOrder, 'changed_at'>,
  changedAt: string,
): Promise<NotificationOrder> {
  const rows: NotificationOrder[] = await manager.query(
    `INSERT INTO notification_orders AS kept (order_id, dealer_id, status, counted_cents, content, created_at, changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (order_id) DO UPDATE SET
       created_at = coalesce(kept.created_at, EXCLUDED.created_at),
       status = CASE WHEN EXCLUDED.changed_at >= kept.changed_at THEN EXCLUDED.status ELSE kept.status END,
       counted_cents = CASE WHEN EXCLUDED.changed_at >= kept.changed_at
         THEN EXCLUDED.counted_cents ELSE kept.counted_cents END,
       content = CASE WHEN EXCLUDED.changed_at >= kept.changed_at THEN EXCLUDED.content ELSE kept.content END,
       changed_at = greatest(kept.changed_at, EXCLUDED.changed_at)
     RETURNING ${COLUMNS}`,
    [order.order_id, order.dealer_id, order.status, order.counted_cents, order.content, order.created_at, changedAt],
  );
  const kept = rows[0];
  if (!kept) throw new Error(`order ${order.order_id} was not kept`);
  return kept;
}

/**
 * The revenue of the calendar month (of `timeZone`) that `instant` falls in: the counted totals of the orders
 * created from its first midnight to the next month's, as instants (so a 23:30 order on the last day in
 * Chicago counts in that month, whatever the server's zone). Answers the month as YYYY-MM too.
 */
export async function monthRevenue(
  manager: EntityManager,
  instant: string,
  timeZone: string,
): Promise<{ month: string; cents: number }> {
  const rows: { month: string; cents: number }[] = await manager.query(
    `WITH month AS (SELECT date_trunc('month', $1::timestamptz AT TIME ZONE $2) AS start)
     SELECT to_char(month.start, 'YYYY-MM') AS month,
       (SELECT coalesce(sum(counted_cents), 0)::float8 FROM notification_orders
         WHERE created_at >= (month.start AT TIME ZONE $2)
           AND created_at < ((month.start + interval '1 month') AT TIME ZONE $2)) AS cents
     FROM month`,
    [instant, timeZone],
  );
  const row = rows[0];
  if (!row) throw new Error('month revenue not read');
  return row;
}

/**
 * Serialises the revenue milestone step across transactions and replicas (until commit): two orders of one
 * month applied at once would each miss the other's total and could both miss the multiple they cross together.
 */
export async function lockRevenue(manager: EntityManager): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('identity.revenue_milestones'))`);
}

/** The highest multiple claimed so far under `prefix` (month:thresholdCents), 0 when none. */
export async function highestClaimedMultiple(manager: EntityManager, kind: string, prefix: string): Promise<number> {
  const rows: { highest: number | null }[] = await manager.query(
    `SELECT max(split_part(key, ':', 3)::bigint)::float8 AS highest FROM sent_notifications
      WHERE kind = $1 AND starts_with(key, $2)`,
    [kind, `${prefix}:`],
  );
  return rows[0]?.highest ?? 0;
}

/** Where a dealer's own mail goes: its login's email, else the email the dealer service announced, or null. */
export async function dealerMailAddress(manager: EntityManager, dealerId: string): Promise<string | null> {
  const rows: { email: string | null }[] = await manager.query(
    `SELECT coalesce(
       (SELECT email FROM users WHERE dealer_id = $1 AND role = 'dealer'),
       (SELECT email FROM known_dealers WHERE dealer_id = $1 AND NOT deleted)) AS email`,
    [dealerId],
  );
  const email = rows[0]?.email?.trim();
  return email || null;
}
