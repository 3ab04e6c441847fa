import { succeeded } from '@portal/contracts';
import type { IncentiveHandler } from '../../context';
import { handleNotification, listPendingNotifications } from '../../use-cases/notifications';

/** GET /api/admin/pending-notifications — the Notifications tab and its count (a page with `limit`). */
export const pendingNotifications: IncentiveHandler<'admin.pendingNotifications'> = async ({ query }, ctx) => {
  const { notifications, page } = await listPendingNotifications(ctx, query);
  // count is the badge: every waiting notification, also when only a page of them is answered
  return succeeded({ data: notifications, count: page?.total ?? notifications.length, ...page });
};

/** POST /api/admin/pending-notifications/{id}/handled (beyond the spec) */
export const handlePendingNotification: IncentiveHandler<'admin.handlePendingNotification'> = async (
  { params },
  ctx,
) => {
  await handleNotification(ctx, params.id);
  return succeeded({ message: 'Notification marked as handled' });
};
