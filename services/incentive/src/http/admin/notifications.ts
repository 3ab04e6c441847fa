import type { IncentiveHandler } from '../../context';
import { handleNotification, pendingNotifications as pendingUseCase } from '../../use-cases/notifications';

/** GET /api/admin/pending-notifications — the Notifications tab and its count. */
export const pendingNotifications: IncentiveHandler<'admin.pendingNotifications'> = async (_input, ctx) => {
  const data = await pendingUseCase(ctx);
  return { success: true as const, data, count: data.length };
};

/** POST /api/admin/pending-notifications/{id}/handled (beyond the spec) */
export const handlePendingNotification: IncentiveHandler<'admin.handlePendingNotification'> = async (
  { params },
  ctx,
) => {
  await handleNotification(ctx, params.id);
  return { success: true as const, message: 'Notification marked as handled' };
};
