import type { PendingNotification } from '@portal/contracts';
import { notFound } from '@portal/platform';
import type { IncentiveContext } from '../context';
import { markNotificationHandled, pendingNotifications as pendingRows } from '../data/achievements';
import { isUuid } from '../domain/ids';

export const NOTIFICATION_NOT_FOUND = 'Error: Notification not found';

export function pendingNotifications(ctx: IncentiveContext): Promise<PendingNotification[]> {
  return pendingRows(ctx.db.manager);
}

/** Takes a notification off the Notifications tab (doing it again changes nothing). */
export async function handleNotification(ctx: IncentiveContext, id: string): Promise<void> {
  if (!isUuid(id) || !(await markNotificationHandled(ctx.db.manager, id.toLowerCase())))
    throw notFound(NOTIFICATION_NOT_FOUND);
}
