import { succeeded } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import { editDealer } from '../../use-cases/edit-dealer';

/** PUT /api/admin/update-dealer/{dealer_id} — the admin's edit form. */
export const updateDealer: DealerHandler<'admin.updateDealer'> = async ({ body, params }, ctx) =>
  succeeded({ message: 'Dealer updated successfully!', dealer: await editDealer(ctx, params.dealer_id, body) });
