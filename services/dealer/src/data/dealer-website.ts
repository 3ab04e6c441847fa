import type { Dealer } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { DEALER_JSON } from './dealer-columns';

/** Puts the generated website live; answers when it was published. */
export async function markWebsitePublished(manager: EntityManager, dealerId: string): Promise<string> {
  const [rows]: [{ published_at: Date }[], number] = await manager.query(
    `UPDATE dealers SET enable_website = true, published_at = now(), updated_at = now() WHERE dealer_id = $1
     RETURNING published_at`,
    [dealerId],
  );
  return (rows[0] as { published_at: Date }).published_at.toISOString();
}

/** Notes the first publication of a website the admin enabled. */
export async function markPublishedIfNever(manager: EntityManager, dealerId: string): Promise<void> {
  await manager.query('UPDATE dealers SET published_at = now() WHERE dealer_id = $1 AND published_at IS NULL', [
    dealerId,
  ]);
}

export async function markWebsiteDisabled(manager: EntityManager, dealerId: string): Promise<void> {
  await manager.query('UPDATE dealers SET enable_website = false, updated_at = now() WHERE dealer_id = $1', [dealerId]);
}

/** Keeps the hash of the dealer's one preview token (a new preview replaces the last) and its expiry. */
export async function savePreviewToken(
  manager: EntityManager,
  dealerId: string,
  tokenHash: string,
  ttlMinutes: number,
): Promise<void> {
  await manager.query(
    `UPDATE dealers SET preview_token_hash = $2, preview_expires_at = now() + make_interval(mins => $3) WHERE dealer_id = $1`,
    [dealerId, tokenHash, ttlMinutes],
  );
}

/** An active dealer as its website shows it, and whether `previewTokenHash` is its valid preview token. */
export async function findWebsiteDealer(
  manager: EntityManager,
  dealerId: string,
  previewTokenHash: string | null,
): Promise<{ dealer: Dealer; previewing: boolean } | null> {
  const rows: { dealer: Dealer; previewing: boolean }[] = await manager.query(
    `SELECT ${DEALER_JSON} AS dealer,
       (d.preview_token_hash = $2 AND d.preview_expires_at > now()) IS TRUE AS previewing
     FROM dealers d WHERE d.dealer_id = $1 AND d.status = 'active'`,
    [dealerId, previewTokenHash],
  );
  return rows[0] ?? null;
}

/**
 * Which of the dealers have a live generated website: enabled and the dealer active (the rule of
 * `websiteVisibility` without a preview).
 */
export async function liveWebsiteDealerIds(manager: EntityManager, dealerIds: readonly string[]): Promise<string[]> {
  const rows: { dealer_id: string }[] = await manager.query(
    `SELECT dealer_id FROM dealers WHERE dealer_id = ANY($1::text[]) AND status = 'active' AND enable_website
     ORDER BY dealer_id`,
    [dealerIds],
  );
  return rows.map((row) => row.dealer_id);
}
