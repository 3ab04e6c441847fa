import type { DealerHandler } from '../../context';
import { updateDealer as saveEditForm } from '../../use-cases/edit-dealer';

/** PUT /api/admin/update-dealer/{dealer_id} — the admin's edit form. */
export const updateDealer: DealerHandler<'admin.updateDealer'> = async ({ body, params }, ctx) => ({
  success: true as const,
  message: 'Dealer updated successfully!',
  dealer: await saveEditForm(ctx, params.dealer_id, body),
});
