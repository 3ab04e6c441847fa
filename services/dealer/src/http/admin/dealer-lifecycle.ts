import { DealerArchived, DealerCreated, DealerDeleted, DealerRestored, type DealerSnapshot } from '@portal/contracts';
import { badRequest, type Emit, notFound } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { DealerHandler } from '../../context';
import { SNAPSHOT_SQL } from '../../data/dealer-json';
import { DEALER_NOT_FOUND, getDealer, snapshotOf } from '../../data/dealers';
import { headerImageKey } from '../../data/header-image';

interface StatusRow extends DealerSnapshot {
  status: 'pending' | 'active' | 'archived';
  announced: boolean;
}

/** Locks the dealer for a status change; 404 when it does not exist. */
async function lockDealer(manager: EntityManager, dealerId: string): Promise<StatusRow> {
  const rows: StatusRow[] = await manager.query(
    `SELECT ${SNAPSHOT_SQL}, d.status, d.announced FROM dealers d WHERE d.dealer_id = $1 FOR UPDATE`,
    [dealerId],
  );
  if (!rows[0]) throw notFound(DEALER_NOT_FOUND);
  return rows[0];
}

/** A dealer that others never heard of (a rejected applicant) is announced before it becomes active. */
export async function activate(manager: EntityManager, emit: Emit, dealer: StatusRow): Promise<void> {
  await manager.query(
    `UPDATE dealers SET status = 'active', archived_at = NULL, announced = true, updated_at = now() WHERE dealer_id = $1`,
    [dealer.dealer_id],
  );
  if (!dealer.announced) await emit(DealerCreated, dealer.dealer_id, snapshotOf(dealer));
}

export async function archive(manager: EntityManager, emit: Emit, dealer: StatusRow): Promise<void> {
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

/** POST /api/admin/archive-dealer/{dealer_id} — hidden from lists, the map, new orders and sign-in; history kept. */
export const archiveDealer: DealerHandler<'admin.archiveDealer'> = async ({ params }, ctx) => {
  await ctx.transaction(async (manager, emit) => {
    const dealer = await lockDealer(manager, params.dealer_id);
    if (dealer.status === 'archived') throw badRequest('Error: Dealer is already archived');
    await archive(manager, emit, dealer);
  });
  return { success: true as const, message: 'Dealer archived successfully!' };
};

/** POST /api/admin/restore-dealer/{dealer_id} */
export const restoreDealer: DealerHandler<'admin.restoreDealer'> = async ({ params }, ctx) => {
  await ctx.transaction(async (manager, emit) => {
    const dealer = await lockDealer(manager, params.dealer_id);
    if (dealer.status !== 'archived') throw badRequest('Error: Dealer is not archived');
    await activate(manager, emit, dealer);
    if (dealer.announced) await emit(DealerRestored, dealer.dealer_id, { dealer_id: dealer.dealer_id });
  });
  return { success: true as const, message: 'Dealer restored successfully!' };
};

/** DELETE /api/admin/delete-dealer/{dealer_id} — permanent: the record, its notes and header image. */
export const deleteDealer: DealerHandler<'admin.deleteDealer'> = async ({ params }, ctx) => {
  await ctx.transaction(async (manager, emit) => {
    const dealer = await lockDealer(manager, params.dealer_id);
    await manager.query('DELETE FROM dealers WHERE dealer_id = $1', [dealer.dealer_id]);
    // identity deletes the login on this event, even for a never-announced applicant
    await emit(DealerDeleted, dealer.dealer_id, { dealer_id: dealer.dealer_id });
  });
  await ctx.objects.remove(headerImageKey(params.dealer_id));
  return { success: true as const, message: 'Dealer deleted successfully!' };
};

/**
 * POST /api/admin/dealer-action — processes a pending dealer: `approve` makes it active (and announces it),
 * `reject` archives it. The notes, when given, join the dealer's notes with the decision.
 */
export const dealerAction: DealerHandler<'admin.dealerAction'> = async ({ body, user }, ctx) => {
  const dealer = await ctx.transaction(async (manager, emit) => {
    const current = await lockDealer(manager, body.dealer_id);
    if (current.status !== 'pending') throw badRequest('Error: Dealer is not pending');
    if (body.action === 'approve') await activate(manager, emit, current);
    else await archive(manager, emit, current);
    const decision = body.action === 'approve' ? 'Approved' : 'Rejected';
    await manager.query('INSERT INTO dealer_notes (dealer_id, note_text, created_by_name) VALUES ($1, $2, $3)', [
      current.dealer_id,
      body.notes ? `${decision}: ${body.notes}` : decision,
      user.name,
    ]);
    return current;
  });
  const message = body.action === 'approve' ? 'Dealer approved successfully!' : 'Dealer rejected';
  return { success: true as const, message, dealer: await getDealer(ctx.db.manager, dealer.dealer_id) };
};
