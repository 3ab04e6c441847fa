import type { PendingNotification, PendingNotificationsQuery } from '@portal/contracts';
import { notFound } from '@portal/platform';
import type { IncentiveContext } from '../context';
import { markNotificationHandled, pendingNotificationRows } from '../data/achievements';
import { isUuid } from '../domain/ids';

export const NOTIFICATION_NOT_FOUND = 'Error: Notification not found';

/** The notifications waiting for an admin, newest first unless sorted otherwise; a page when asked for. */
export async function listPendingNotifications(
  ctx: IncentiveContext,
  query: PendingNotificationsQuery,
): Promise<{ notifications: PendingNotification[]; page?: { next_cursor: string | null; total: number } }> {
  const { rows, page } = await pendingNotificationRows(ctx.db.manager, query);
  return { notifications: rows, page };
}

/** Takes a notification off the Notifications tab (doing it again changes nothing). */
export async function handleNotification(ctx: IncentiveContext, id: string): Promise<void> {
  if (!isUuid(id) || !(await markNotificationHandled(ctx.db.manager, id.toLowerCase())))
    throw notFound(NOTIFICATION_NOT_FOUND);
}
