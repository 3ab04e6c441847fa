import { type Emit, recordAudit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { DealerContext } from '../context';
import { getDealer, lockDealer } from '../data/dealers';

/**
 * Runs a change to one dealer in a transaction with its audit entry: the dealer as it was (read and locked
 * first, so no other change slips in between) and as the change left it. A change that altered nothing
 * records nothing.
 */
export function changeDealerAudited<T>(
  ctx: DealerContext,
  dealerId: string,
  action: string,
  change: (manager: EntityManager, emit: Emit) => Promise<T>,
): Promise<T> {
  return ctx.transaction(async (manager, emit) => {
    const before = await lockDealer(manager, dealerId);
    const result = await change(manager, emit);
    const after = await getDealer(manager, dealerId);
    await recordAudit(emit, { action, entity: 'dealer', entity_id: dealerId, before, after });
    return result;
  });
}
