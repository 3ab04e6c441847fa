import { DealerSignupCompleted, type DealerSnapshot, DealerUpdated, type EventEnvelope } from '@portal/contracts';
import { enqueueEvent } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { DealerContext } from '../context';
import { SNAPSHOT_SQL } from '../data/dealer-json';
import { snapshotOf } from '../data/dealers';

/**
 * A dealer that accepted its invitation typed its full name (and maybe its phone): they belong on its
 * record, and everyone keeping a copy hears of it (dealer.updated, written to the outbox in this transaction).
 */
export async function applySignup(envelope: EventEnvelope, manager: EntityManager, ctx: DealerContext): Promise<void> {
  const signup = DealerSignupCompleted.payload.parse(envelope.payload);
  const [rows]: [(DealerSnapshot & { announced: boolean })[], number] = await manager.query(
    `UPDATE dealers d SET full_name = $2, phone = coalesce($3, d.phone), updated_at = now() WHERE d.dealer_id = $1
     RETURNING ${SNAPSHOT_SQL}, d.announced`,
    [signup.dealer_id, signup.full_name, signup.phone],
  );
  const row = rows[0];
  if (!row) return ctx.logger.warn({ dealerId: signup.dealer_id }, 'signup for a dealer that no longer exists');
  if (row.announced) await enqueueEvent(manager, ctx.name, DealerUpdated, row.dealer_id, snapshotOf(row));
}
