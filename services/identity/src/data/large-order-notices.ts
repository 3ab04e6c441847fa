import type { EntityManager } from 'typeorm';

/**
 * Claims the order's notice: true when none was claimed before. A concurrent claim of the same order waits for
 * the first transaction and answers false once it commits (true again if it rolled back: the mail failed).
 */
export async function claimLargeOrderNotice(manager: EntityManager, orderId: string, to: string): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO large_order_notices (order_id, sent_to) VALUES ($1, $2) ON CONFLICT (order_id) DO NOTHING
     RETURNING order_id`,
    [orderId, to],
  );
  return rows.length > 0;
}

export async function recordNoticeMessageId(manager: EntityManager, orderId: string, messageId: string): Promise<void> {
  await manager.query('UPDATE large_order_notices SET message_id = $2 WHERE order_id = $1', [orderId, messageId]);
}
