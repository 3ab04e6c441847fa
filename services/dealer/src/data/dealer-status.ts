import { DealerArchived, DealerCreated, DealerDeleted, DealerRestored, type DealerSnapshot } from '@portal/contracts';
import { type Emit, notFound } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { DealerStatus } from '../domain/dealer-status';
import { SNAPSHOT_SQL } from './dealer-columns';
import { DEALER_NOT_FOUND, snapshotOf } from './dealers';

export interface StatusRow extends DealerSnapshot {
  status: DealerStatus;
  announced: boolean;
}

/** Locks the dealer for a status change; 404 when it does not exist. */
export async function lockDealerStatus(manager: EntityManager, dealerId: string): Promise<StatusRow> {
  const rows: StatusRow[] = await manager.query(
    `SELECT ${SNAPSHOT_SQL}, d.status, d.announced FROM dealers d WHERE d.dealer_id = $1 FOR UPDATE`,
    [dealerId],
  );
  if (!rows[0]) throw notFound(DEALER_NOT_FOUND);
  return rows[0];
}

/** Makes the dealer active; one that others never heard of (an applicant) is announced first. */
export async function markActive(manager: EntityManager, emit: Emit, dealer: StatusRow): Promise<void> {
  await manager.query(
    `UPDATE dealers SET status = 'active', archived_at = NULL, announced = true, updated_at = now() WHERE dealer_id = $1`,
    [dealer.dealer_id],
  );
  if (!dealer.announced) await emit(DealerCreated, dealer.dealer_id, snapshotOf(dealer));
  else if (dealer.status === 'archived') await emit(DealerRestored, dealer.dealer_id, { dealer_id: dealer.dealer_id });
}

/** Archives the dealer: its generated website goes offline with it. */
export async function markArchived(manager: EntityManager, emit: Emit, dealer: StatusRow): Promise<void> {
  const [rows]: [{ archived_at: Date }[], number] = await manager.query(
    `UPDATE dealers SET status = 'archived', archived_at = now(), enable_website = false, updated_at = now()
     WHERE dealer_id = $1 RETURNING archived_at`,
    [dealer.dealer_id],
  );
  const archivedAt = (rows[0] as { archived_at: Date }).archived_at;
  if (dealer.announced)
    await emit(DealerArchived, dealer.dealer_id, {
      dealer_id: dealer.dealer_id,
      archived_at: archivedAt.toISOString(),
    });
}

/** Deletes the record (its notes go with it); identity deletes the login on the event, even for an applicant. */
export async function removeDealer(manager: EntityManager, emit: Emit, dealer: StatusRow): Promise<void> {
  await manager.query('DELETE FROM dealers WHERE dealer_id = $1', [dealer.dealer_id]);
  await emit(DealerDeleted, dealer.dealer_id, { dealer_id: dealer.dealer_id });
}
