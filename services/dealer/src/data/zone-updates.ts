import { type DealerSnapshot, DealerUpdated } from '@portal/contracts';
import type { Emit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { SNAPSHOT_SQL } from './dealer-columns';
import { snapshotOf } from './dealers';

/** One UPDATE for all the dealers; each announced one's change is announced (one outbox insert for all). */
export async function updateZones(manager: EntityManager, emit: Emit, dealerIds: string[], zone: string) {
  const [rows]: [(DealerSnapshot & { announced: boolean })[], number] = await manager.query(
    `UPDATE dealers d SET zone = $1, updated_at = now() WHERE d.dealer_id = ANY($2::text[])
     RETURNING ${SNAPSHOT_SQL}, d.announced`,
    [zone, dealerIds],
  );
  await emit.many(
    DealerUpdated,
    rows.filter((row) => row.announced).map((row) => ({ aggregateId: row.dealer_id, payload: snapshotOf(row) })),
  );
  return rows.length;
}

/** The current zone of each of these dealers that exists, locked until the move commits. */
export async function lockZones(manager: EntityManager, dealerIds: string[]): Promise<Map<string, string | null>> {
  const rows: { dealer_id: string; zone: string | null }[] = await manager.query(
    'SELECT dealer_id, zone FROM dealers WHERE dealer_id = ANY($1::text[]) ORDER BY dealer_id FOR UPDATE',
    [dealerIds],
  );
  return new Map(rows.map((row) => [row.dealer_id, row.zone]));
}
