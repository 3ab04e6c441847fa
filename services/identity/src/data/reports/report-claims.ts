import type { EntityManager } from 'typeorm';
import type { NotificationClaim } from '../notifications/sent-notifications';

/**
 * Whether a report was claimed already (sent, or being sent by another replica): checked before the figures
 * are asked for, so every later tick of the day costs one primary-key lookup and no call of another service.
 * The claim in the sending transaction still decides; this only saves work.
 */
export async function reportClaimed(manager: EntityManager, claim: NotificationClaim): Promise<boolean> {
  const rows: unknown[] = await manager.query('SELECT 1 FROM sent_notifications WHERE kind = $1 AND key = $2', [
    claim.kind,
    claim.key,
  ]);
  return rows.length > 0;
}
