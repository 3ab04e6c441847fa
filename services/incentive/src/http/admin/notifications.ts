import type { IncentiveHandler } from '../../context';
import { handleNotification, pendingNotifications as pendingUseCase } from '../../use-cases/notifications';

/** GET /api/admin/pending-notifications — the Notifications tab and its count (a page with `limit`). */
export const pendingNotifications: IncentiveHandler<'admin.pendingNotifications'> = async ({ query }, ctx) => {
  const { notifications, page } = await pendingUseCase(ctx, query);
  // count is the badge: every waiting notification, also when only a page of them is answered
  return { success: true as const, data: notifications, count: page?.total ?? notifications.length, ...page };
};

/** POST /api/admin/pending-notifications/{id}/handled (beyond the spec) */
export const handlePendingNotification: IncentiveHandler<'admin.handlePendingNotification'> = async (
  { params },
  ctx,
) => {
  await handleNotification(ctx, params.id);
  return { success: true as const, message: 'Notification marked as handled' };
};
