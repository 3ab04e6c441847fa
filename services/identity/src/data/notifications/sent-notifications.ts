import type { EntityManager } from 'typeorm';

/** One notification: its kind and what it is about (an order id, a day, an hour). */
export interface NotificationClaim {
  kind: string;
  key: string;
}

/**
 * Claims a notification: true when nobody claimed it before. Runs inside the transaction that sends the mail:
 * a concurrent claim of the same one (another replica, a redelivery) waits for that transaction and answers
 * false once it commits, or true if it rolled back because the mail failed.
 */
export async function claimNotification(
  manager: EntityManager,
  claim: NotificationClaim,
  sentTo: readonly string[],
): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO sent_notifications (kind, key, sent_to) VALUES ($1, $2, $3)
     ON CONFLICT (kind, key) DO NOTHING RETURNING kind`,
    [claim.kind, claim.key, sentTo],
  );
  return rows.length > 0;
}

/**
 * Claims many notifications of one kind with one statement (a bulk import's dealers, a month's milestones):
 * answers the keys nobody had claimed before, in the order given. Same waiting as claimNotification.
 */
export async function claimNotifications(
  manager: EntityManager,
  kind: string,
  keys: readonly string[],
  sentTo: readonly string[],
): Promise<string[]> {
  if (!keys.length) return [];
  const rows: { key: string }[] = await manager.query(
    `INSERT INTO sent_notifications (kind, key, sent_to)
     SELECT $1, key, $3 FROM unnest($2::text[]) AS key ORDER BY key
     ON CONFLICT (kind, key) DO NOTHING RETURNING key`,
    [kind, [...new Set(keys)], sentTo],
  );
  const claimed = new Set(rows.map((row) => row.key));
  return keys.filter((key) => claimed.delete(key));
}

/** Records the Message-ID of a mail sent for several claims of one kind. */
export async function recordNotificationsMessageId(
  manager: EntityManager,
  kind: string,
  keys: readonly string[],
  messageId: string,
): Promise<void> {
  await manager.query('UPDATE sent_notifications SET message_id = $3 WHERE kind = $1 AND key = ANY($2::text[])', [
    kind,
    keys,
    messageId,
  ]);
}

export async function recordNotificationMessageId(
  manager: EntityManager,
  claim: NotificationClaim,
  messageId: string,
): Promise<void> {
  await manager.query('UPDATE sent_notifications SET message_id = $3 WHERE kind = $1 AND key = $2', [
    claim.kind,
    claim.key,
    messageId,
  ]);
}

/** The email addresses of the admin users, for notifications when no notification email is set. */
export async function adminEmails(manager: EntityManager): Promise<string[]> {
  const rows: { email: string }[] = await manager.query(
    `SELECT email FROM users WHERE role = 'admin' AND is_active ORDER BY email`,
  );
  return rows.map((row) => row.email);
}

/**
 * Claims notices to be mailed after the claiming transaction commits (pending), with what the mail needs to say
 * of each: answers the keys nobody had claimed before. A sender mails them later (claimPendingNotifications).
 */
export async function claimPendingNotifications(
  manager: EntityManager,
  kind: string,
  items: readonly { key: string; details: unknown }[],
): Promise<string[]> {
  if (!items.length) return [];
  const unique = [...new Map(items.map((item) => [item.key, item])).values()];
  const rows: { key: string }[] = await manager.query(
    `INSERT INTO sent_notifications (kind, key, sent_to, pending, details)
     SELECT $1, item.key, '{}', true, item.details FROM unnest($2::text[], $3::jsonb[]) AS item (key, details)
     ORDER BY item.key
     ON CONFLICT (kind, key) DO NOTHING RETURNING key`,
    [kind, unique.map((item) => item.key), unique.map((item) => JSON.stringify(item.details))],
  );
  return rows.map((row) => row.key);
}

/**
 * The oldest pending notices of a kind (at most `limit`), locked for this transaction; another replica's sender
 * skips them (SKIP LOCKED) rather than mailing them twice.
 */
export async function lockPendingNotifications<T>(
  manager: EntityManager,
  kind: string,
  limit: number,
): Promise<{ key: string; details: T }[]> {
  return manager.query(
    `SELECT key, details FROM sent_notifications WHERE kind = $1 AND pending
     ORDER BY created_at, key LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [kind, limit],
  );
}

/** Marks pending notices done: mailed to `sentTo` (with the mail's Message-ID), or dropped (null, []). */
export async function settlePendingNotifications(
  manager: EntityManager,
  kind: string,
  keys: readonly string[],
  sentTo: readonly string[],
  messageId: string | null,
): Promise<void> {
  await manager.query(
    `UPDATE sent_notifications SET pending = false, sent_to = $3, message_id = $4
     WHERE kind = $1 AND key = ANY($2::text[])`,
    [kind, keys, sentTo, messageId],
  );
}
