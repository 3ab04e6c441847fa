import type { DealerHandler } from '../../context';
import {
  archiveDealer as archive,
  processPendingDealer,
  deleteDealer as remove,
  restoreDealer as restore,
} from '../../use-cases/dealer-lifecycle';

/** POST /api/admin/archive-dealer/{dealer_id} */
export const archiveDealer: DealerHandler<'admin.archiveDealer'> = async ({ params }, ctx) => {
  await archive(ctx, params.dealer_id);
  return { success: true as const, message: 'Dealer archived successfully!' };
};

/** POST /api/admin/restore-dealer/{dealer_id} */
export const restoreDealer: DealerHandler<'admin.restoreDealer'> = async ({ params }, ctx) => {
  await restore(ctx, params.dealer_id);
  return { success: true as const, message: 'Dealer restored successfully!' };
};

/** DELETE /api/admin/delete-dealer/{dealer_id} */
export const deleteDealer: DealerHandler<'admin.deleteDealer'> = async ({ params }, ctx) => {
  await remove(ctx, params.dealer_id);
  return { success: true as const, message: 'Dealer deleted successfully!' };
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
  return { success: true as const, message, dealer };
};
