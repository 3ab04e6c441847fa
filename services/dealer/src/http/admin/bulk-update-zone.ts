import { type DealerSnapshot, DealerUpdated } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import { SNAPSHOT_SQL } from '../../data/dealer-json';
import { snapshotOf } from '../../data/dealers';

/**
 * POST /api/admin/bulk-update-dealer-zone — one UPDATE for all selected dealers; each change is announced
 * (dealer.updated, one outbox insert for all).
 */
export const bulkUpdateDealerZone: DealerHandler<'admin.bulkUpdateDealerZone'> = async ({ body }, ctx) => {
  const updated = await ctx.transaction(async (manager, emit) => {
    const [rows]: [(DealerSnapshot & { announced: boolean })[], number] = await manager.query(
      `UPDATE dealers d SET zone = $1, updated_at = now() WHERE d.dealer_id = ANY($2::text[])
       RETURNING ${SNAPSHOT_SQL}, d.announced`,
      [body.zone, [...new Set(body.dealer_ids)]],
    );
    await emit.many(
      DealerUpdated,
      rows.filter((row) => row.announced).map((row) => ({ aggregateId: row.dealer_id, payload: snapshotOf(row) })),
    );
    return rows.length;
  });
  return { success: true as const, message: `Zone updated for ${updated} dealers`, updated_count: updated };
};
