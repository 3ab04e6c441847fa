import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import {
  highestClaimedMultiple,
  keepNotificationOrder,
  lockNotificationOrder,
  lockRevenue,
  monthRevenue,
  type NotificationOrder,
} from '../../data/notifications/notification-orders';
import { claimNotifications, recordNotificationsMessageId } from '../../data/notifications/sent-notifications';
import { readNotificationSettings, readSystemConfiguration } from '../../data/settings';
import { thresholdCents } from '../../domain/large-order-notice';
import { noticeMail } from '../../domain/notifications/notice-mail';
import { crossedMultiples, milestoneKey, revenueMilestoneNotice } from '../../domain/notifications/revenue-milestones';
import { sendProductMail } from '../mail/product-mail';
import { adminRecipients } from './admin-notice';

const REVENUE_MILESTONE = 'revenue_milestone';

/** An order as kept before and after one event of it. */
export interface KeptOrderChange {
  before: NotificationOrder | null;
  kept: NotificationOrder;
}

/**
 * Keeps what an order event says of the order (its row locked until commit, so events of one order apply one
 * after the other). Answers the order as kept before and after: the notices compare them, and
 * noticeRevenueMilestone reads what the change added to its month.
 */
export async function keepOrder(
  manager: EntityManager,
  order: Omit<NotificationOrder, 'changed_at'>,
  occurredAt: string,
): Promise<KeptOrderChange> {
  const before = await lockNotificationOrder(manager, order.order_id);
  const kept = await keepNotificationOrder(manager, order, occurredAt);
  return { before, kept };
}

/** What the change added to its month's revenue (an order counts in a month once its creation time is known). */
function addedCents({ before, kept }: KeptOrderChange): number {
  if (!kept.created_at) return 0;
  return kept.counted_cents - (before?.created_at ? before.counted_cents : 0);
}

/**
 * notify_revenue_milestones: when the change raised its month's revenue (the month of the order's creation in
 * the system timezone) past multiples of revenue_threshold never announced, the highest is announced and all
 * are claimed. The last step of a consumer: the lock it takes (lockRevenue) serialises this step across
 * transactions and replicas until commit, so the month's revenue it reads holds every other order whose step
 * ran before, and two orders applied at once cannot both miss the multiple they cross together.
 */
export async function noticeRevenueMilestone(
  ctx: IdentityContext,
  manager: EntityManager,
  change: KeptOrderChange,
): Promise<void> {
  const added = addedCents(change);
  const createdAt = change.kept.created_at;
  if (added <= 0 || !createdAt) return;
  const settings = await readNotificationSettings(manager);
  const to = await adminRecipients(manager, settings, 'notify_revenue_milestones');
  if (!to.length) return;
  const threshold = thresholdCents(settings.revenue_threshold);
  if (!(threshold > 0) || !Number.isFinite(threshold)) return;
  await lockRevenue(manager);
  const { system_timezone: timeZone } = await readSystemConfiguration(manager);
  const { month, cents: afterCents } = await monthRevenue(manager, createdAt, timeZone);
  const highestClaimed = await highestClaimedMultiple(manager, REVENUE_MILESTONE, `${month}:${threshold}`);
  const multiples = crossedMultiples({
    beforeCents: afterCents - added,
    afterCents,
    thresholdCents: threshold,
    highestClaimed,
  });
  const highest = multiples.at(-1);
  if (highest === undefined) return;
  const keys = multiples.map((multiple) => milestoneKey(month, threshold, multiple));
  const claimed = await claimNotifications(manager, REVENUE_MILESTONE, keys, to);
  if (!claimed.includes(milestoneKey(month, threshold, highest))) return;
  const mail = noticeMail(to, revenueMilestoneNotice(month, highest, threshold, afterCents));
  const outcome = await sendProductMail(ctx, mail, 'notification', manager);
  const log = { month, multiple: highest, thresholdCents: threshold };
  if (!outcome.sent) return ctx.logger.info(log, 'notification mail is turned off; revenue milestone not sent');
  await recordNotificationsMessageId(manager, REVENUE_MILESTONE, claimed, outcome.messageId);
  ctx.logger.info({ ...log, messageId: outcome.messageId }, 'revenue milestone sent');
}
