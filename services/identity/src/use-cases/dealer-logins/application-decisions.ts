import type { PayloadOfType } from '@portal/contracts';
import { HttpError, type MailMessage } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import {
  claimNotification,
  type NotificationClaim,
  recordNotificationMessageId,
} from '../../data/notifications/sent-notifications';
import { readCompanySettings } from '../../data/settings';
import { applicationRefusalMail } from '../../domain/application-mail';
import { sendProductMail } from '../mail/product-mail';
import { prepareInvitation } from './invitations';

/**
 * dealer.application_approved: the applicant gets the login invitation an admin's "Send Login Invitation" sends,
 * once per dealer. The claim, the invitation and the mail share the consumer's transaction: a redelivery finds
 * the claim; a failed mail rolls back claim and invitation, and the event is retried. The event carries the
 * applicant's email and names, so this does not wait for dealer.created (emitted with it, applied in either
 * order). An applicant who already has a login, or whose email another login uses, gets no invitation (logged:
 * an admin can invite by hand once it is sorted out).
 */
export async function inviteApprovedApplicant(
  ctx: IdentityContext,
  manager: EntityManager,
  applicant: PayloadOfType<'dealer.application_approved'>,
): Promise<void> {
  const claim: NotificationClaim = { kind: 'application_invitation', key: applicant.dealer_id };
  if (!(await claimNotification(manager, claim, [applicant.email]))) return;
  const log = { dealerId: applicant.dealer_id };
  let mail: MailMessage;
  try {
    mail = await prepareInvitation(ctx, manager, applicant.dealer_id, applicant, applicant.approved_by);
  } catch (err) {
    // the refusals come from reads (no statement failed), so the transaction commits with the claim: a
    // redelivery does not try again
    if (!(err instanceof HttpError)) throw err;
    ctx.logger.warn({ ...log, reason: err.detail }, 'approved applicant not invited');
    return;
  }
  await send(ctx, manager, claim, mail, 'application invitation sent');
}

/** dealer.application_rejected: the applicant is told politely, once per dealer (claimed as above). */
export async function tellRejectedApplicant(
  ctx: IdentityContext,
  manager: EntityManager,
  applicant: PayloadOfType<'dealer.application_rejected'>,
): Promise<void> {
  const claim: NotificationClaim = { kind: 'application_refusal', key: applicant.dealer_id };
  if (!(await claimNotification(manager, claim, [applicant.email]))) return;
  const company = await readCompanySettings(manager);
  await send(ctx, manager, claim, applicationRefusalMail(applicant, company), 'application refusal sent');
}

/** An admin's decision is mailed even while notifications are off ('requested_by_admin'). */
async function send(
  ctx: IdentityContext,
  manager: EntityManager,
  claim: NotificationClaim,
  mail: MailMessage,
  sentMessage: string,
): Promise<void> {
  const outcome = await sendProductMail(ctx, mail, 'requested_by_admin', manager);
  if (!outcome.sent) return;
  await recordNotificationMessageId(manager, claim, outcome.messageId);
  ctx.logger.info({ dealerId: claim.key, messageId: outcome.messageId }, sentMessage);
}
