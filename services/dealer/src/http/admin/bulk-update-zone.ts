import { succeeded } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import { moveDealersToZone } from '../../use-cases/edit-dealer';

/** POST /api/admin/bulk-update-dealer-zone — the selected dealers move to one configured zone. */
export const bulkUpdateDealerZone: DealerHandler<'admin.bulkUpdateDealerZone'> = async ({ body }, ctx) => {
  const updated = await moveDealersToZone(ctx, body.dealer_ids, body.zone);
  return succeeded({ message: `Zone updated for ${updated} dealers`, updated_count: updated });
};
