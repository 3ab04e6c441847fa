import { hashOpaqueToken, newOpaqueToken } from '@portal/platform';
import type { EntityManager } from 'typeorm';

/** How long the link confirming a new sign-in email works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

export interface EmailChange {
  user_id: string;
  new_email: string;
}

/**
 * Stores a pending change of the user's sign-in email and answers its token (256 random bits), which only the
 * mail to the new address carries; the user's earlier unconfirmed changes stop working.
 */
export async function createEmailChange(manager: EntityManager, userId: string, newEmail: string): Promise<string> {
  const token = newOpaqueToken();
  await manager.query('DELETE FROM email_changes WHERE user_id = $1 AND used_at IS NULL', [userId]);
  await manager.query(
    `INSERT INTO email_changes (token_hash, user_id, new_email, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4))`,
    [hashOpaqueToken(token), userId, newEmail, EMAIL_CHANGE_TTL_HOURS],
  );
  return token;
}

/**
 * Uses up the change of a token, when unused and unexpired: one conditional UPDATE, so of two concurrent
 * confirmations exactly one gets the change back.
 */
export async function useEmailChange(manager: EntityManager, token: string): Promise<EmailChange | null> {
  const [rows]: [EmailChange[], number] = await manager.query(
    `UPDATE email_changes SET used_at = now()
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id, new_email`,
    [hashOpaqueToken(token)],
  );
  return rows[0] ?? null;
}

/** Deletes changes that were used or expired over a day ago. */
export async function deleteSpentEmailChanges(manager: EntityManager): Promise<number> {
  const [, count]: [unknown[], number] = await manager.query(
    `DELETE FROM email_changes WHERE coalesce(used_at, expires_at) < now() - interval '1 day'`,
  );
  return count;
}

/** Drops the user's unconfirmed changes (their link's mail could not be sent). */
export async function deleteOpenEmailChanges(manager: EntityManager, userId: string): Promise<void> {
  await manager.query('DELETE FROM email_changes WHERE user_id = $1 AND used_at IS NULL', [userId]);
}
