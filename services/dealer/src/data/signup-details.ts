import type { DealerSnapshot } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import { SNAPSHOT_SQL } from './dealer-columns';

/** Puts the name (and phone, when given) a dealer typed at signup on its record; null when it no longer exists. */
export async function applySignupDetails(
  manager: EntityManager,
  dealerId: string,
  fullName: string,
  phone: string | null,
): Promise<(DealerSnapshot & { announced: boolean }) | null> {
  const [rows]: [(DealerSnapshot & { announced: boolean })[], number] = await manager.query(
    `UPDATE dealers d SET full_name = $2, phone = coalesce($3, d.phone), updated_at = now() WHERE d.dealer_id = $1
     RETURNING ${SNAPSHOT_SQL}, d.announced`,
    [dealerId, fullName, phone],
  );
  return rows[0] ?? null;
}
