import type { NotificationSettings } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import {
  adminEmails,
  claimNotification,
  claimNotifications,
  type NotificationClaim,
  recordNotificationMessageId,
} from '../../data/notifications/sent-notifications';
import { readNotificationSettings } from '../../data/settings';
import { type Notice, noticeMail } from '../../domain/notifications/notice-mail';
import { adminNoticeRecipients, type NotificationSwitch } from '../../domain/notifications/recipients';
import { sendProductMail } from '../mail/product-mail';

export type NoticeOutcome = 'sent' | 'switched_off' | 'claimed_before' | 'notifications_off';

/** The admins' addresses for a notice of `which`, or none while it is off (see adminNoticeRecipients). */
export async function adminRecipients(
  manager: EntityManager,
  settings: NotificationSettings,
  which: NotificationSwitch,
): Promise<string[]> {
  if (!settings.email_notifications_enabled || !settings[which]) return [];
  const admins = settings.notification_email.trim() ? [] : await adminEmails(manager);
  return adminNoticeRecipients(settings, which, admins);
}

/**
 * Sends one notice, once: claimed in `manager`'s transaction (the consumer's) before the mail goes, so a
 * redelivered event or another replica finds it claimed; a mail that fails throws, which rolls the claim back
 * and the event is tried again. `to` empty: the switch is off and nothing is claimed. `covers`: notices this one
 * stands for (a route's departure for its orders' "on its way"), claimed with it so they are not sent after it.
 */
export async function sendNoticeOnce(
  ctx: IdentityContext,
  manager: EntityManager,
  to: readonly string[],
  claim: NotificationClaim,
  notice: () => Notice | Promise<Notice>,
  covers: readonly NotificationClaim[] = [],
): Promise<NoticeOutcome> {
  if (!to.length) return 'switched_off';
  if (!(await claimNotification(manager, claim, to))) return 'claimed_before';
  for (const kind of new Set(covers.map((covered) => covered.kind)))
    await claimNotifications(
      manager,
      kind,
      covers.filter((covered) => covered.kind === kind).map((covered) => covered.key),
      to,
    );
  const outcome = await sendProductMail(ctx, noticeMail(to, await notice()), 'notification', manager);
  if (!outcome.sent) {
    ctx.logger.info(claim, 'notification mail is turned off in the Email Settings; notice not sent');
    return 'notifications_off';
  }
  await recordNotificationMessageId(manager, claim, outcome.messageId);
  ctx.logger.info({ ...claim, messageId: outcome.messageId }, 'notice sent');
  return 'sent';
}

/** An admin notice of the kind `which` (notification email, else every active admin), once per claim. */
export async function sendAdminNotice(
  ctx: IdentityContext,
  manager: EntityManager,
  which: NotificationSwitch,
  claim: NotificationClaim,
  notice: () => Notice | Promise<Notice>,
): Promise<NoticeOutcome> {
  const settings = await readNotificationSettings(manager);
  return sendNoticeOnce(ctx, manager, await adminRecipients(manager, settings, which), claim, notice);
}
