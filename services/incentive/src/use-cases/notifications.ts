import type { PendingNotification, PendingNotificationsQuery } from '@portal/contracts';
import { notFound, recordAudit } from '@portal/platform';
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
  if (!isUuid(id)) throw notFound(NOTIFICATION_NOT_FOUND);
  await ctx.transaction(async (manager, emit) => {
    const handled = await markNotificationHandled(manager, id.toLowerCase());
    if (!handled) throw notFound(NOTIFICATION_NOT_FOUND);
    if (!handled.newly_handled) return;
    // an achievement is a program's record: its entry is in the program's history
    await recordAudit(emit, {
      action: 'incentive_program.achievement_handled',
      entity: 'incentive_program',
      entity_id: handled.program_id,
      before: null,
      after: { achievement_id: id.toLowerCase(), dealer_id: handled.dealer_id, tier_name: handled.tier_name },
    });
  });
}
