import type { DealerSnapshot, EventEnvelope, PayloadOfType } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import {
  claimPendingNotifications,
  lockPendingNotifications,
  settlePendingNotifications,
} from '../../data/notifications/sent-notifications';
import { readNotificationSettings } from '../../data/settings';
import { applicationNotice, newDealersNotice } from '../../domain/notifications/dealer-notices';
import { noticeMail, portalLink } from '../../domain/notifications/notice-mail';
import { sendProductMail } from '../mail/product-mail';
import { adminRecipients, sendAdminNotice } from './admin-notice';

/** notify_new_dealer_applications: the admins hear of an application once (key: the pending dealer's id). */
export async function noticeDealerApplication(
  ctx: IdentityContext,
  manager: EntityManager,
  application: PayloadOfType<'dealer.application_received'>,
): Promise<void> {
  await sendAdminNotice(
    ctx,
    manager,
    'notify_new_dealer_applications',
    { kind: 'dealer_application', key: application.dealer_id },
    () => applicationNotice(application, portalLink(ctx.config.PUBLIC_BASE_URL, '/admin/dashboard')),
  );
}

const NEW_DEALER = 'new_dealer';

/** What the pending claim of a new dealer keeps for its notice. */
type NewDealer = Pick<DealerSnapshot, 'dealer_id' | 'business_name' | 'full_name' | 'email'>;

/** Most dealers one notice is built from; more pending make another notice right after. */
export const NEW_DEALERS_PER_NOTICE = 5000;

/**
 * notify_new_dealers, in the consumer's transaction: the dealers of these dealer.created events (one applied
 * batch; a bulk import announces thousands) are claimed with one statement, pending; a dealer announced again
 * (a redelivery, another replica) is not claimed twice. Answers whether any was claimed: then the sender
 * (mailPendingNewDealers) is to run once the transaction commits. The mail is not sent here, so a failed mail
 * never fails the batch (which the platform would then apply event by event: one mail per dealer).
 */
export async function claimNewDealers(
  manager: EntityManager,
  created: readonly EventEnvelope<PayloadOfType<'dealer.created'>>[],
): Promise<boolean> {
  if (!created.length) return false;
  const settings = await readNotificationSettings(manager);
  if (!(await adminRecipients(manager, settings, 'notify_new_dealers')).length) return false;
  const items = created.map(({ payload }) => ({
    key: payload.dealer_id,
    details: {
      dealer_id: payload.dealer_id,
      business_name: payload.business_name,
      full_name: payload.full_name,
      email: payload.email,
    } satisfies NewDealer,
  }));
  return (await claimPendingNotifications(manager, NEW_DEALER, items)).length > 0;
}

/**
 * Mails the new dealers claimed and not yet mailed, oldest first, in one notice (up to NEW_DEALERS_PER_NOTICE;
 * it lists the first ones and counts the rest). Locked with SKIP LOCKED, so two replicas never mail the same
 * dealers; a failed mail rolls back and they stay pending. Switched off meanwhile: they are dropped. Answers
 * whether more may be pending.
 */
export async function mailPendingNewDealers(ctx: IdentityContext): Promise<boolean> {
  return ctx.db.transaction(async (manager) => {
    const pending = await lockPendingNotifications<NewDealer>(manager, NEW_DEALER, NEW_DEALERS_PER_NOTICE);
    if (!pending.length) return false;
    const keys = pending.map((row) => row.key);
    const more = pending.length === NEW_DEALERS_PER_NOTICE;
    const settings = await readNotificationSettings(manager);
    const to = await adminRecipients(manager, settings, 'notify_new_dealers');
    if (!to.length) {
      await settlePendingNotifications(manager, NEW_DEALER, keys, [], null);
      ctx.logger.info({ dealers: keys.length }, 'new-dealer notices switched off; not sent');
      return more;
    }
    const dealersUrl = portalLink(ctx.config.PUBLIC_BASE_URL, '/admin/dealers');
    const mail = noticeMail(
      to,
      newDealersNotice(
        pending.map((row) => row.details),
        dealersUrl,
      ),
    );
    const outcome = await sendProductMail(ctx, mail, 'notification', manager);
    await settlePendingNotifications(manager, NEW_DEALER, keys, to, outcome.sent ? outcome.messageId : null);
    if (outcome.sent) ctx.logger.info({ dealers: keys.length, messageId: outcome.messageId }, 'new-dealer notice sent');
    else ctx.logger.info({ dealers: keys.length }, 'notification mail is turned off; new-dealer notice not sent');
    return more;
  });
}
