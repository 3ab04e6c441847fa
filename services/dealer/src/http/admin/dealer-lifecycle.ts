import { succeeded } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import {
  deleteDealerForGood,
  moveDealerToArchive,
  processPendingDealer,
  restoreDealerFromArchive,
} from '../../use-cases/dealer-lifecycle';

/** POST /api/admin/archive-dealer/{dealer_id} */
export const archiveDealer: DealerHandler<'admin.archiveDealer'> = async ({ params }, ctx) => {
  await moveDealerToArchive(ctx, params.dealer_id);
  return succeeded({ message: 'Dealer archived successfully!' });
};

/** POST /api/admin/restore-dealer/{dealer_id} */
export const restoreDealer: DealerHandler<'admin.restoreDealer'> = async ({ params }, ctx) => {
  await restoreDealerFromArchive(ctx, params.dealer_id);
  return succeeded({ message: 'Dealer restored successfully!' });
};

/** DELETE /api/admin/delete-dealer/{dealer_id} */
export const deleteDealer: DealerHandler<'admin.deleteDealer'> = async ({ params }, ctx) => {
  await deleteDealerForGood(ctx, params.dealer_id);
  return succeeded({ message: 'Dealer deleted successfully!' });
};

/** POST /api/admin/dealer-action — approve or reject a pending dealer. */
export const dealerAction: DealerHandler<'admin.dealerAction'> = async ({ body, user }, ctx) => {
  const dealer = await processPendingDealer(ctx, {
    dealerId: body.dealer_id,
    action: body.action,
    notes: body.notes,
    adminName: user.name,
  });
  const message = body.action === 'approve' ? 'Dealer approved successfully!' : 'Dealer rejected';
  return succeeded({ message, dealer });
};
