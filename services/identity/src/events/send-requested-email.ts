import { EmailRequested, type EventEnvelope, type PayloadOf } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../context';
import { readEmailSettings, smtpConfigured, storedSmtpSettings } from '../domain/settings/email-settings';

/**
 * The product's one mail sender: other services ask for mail with `notification.email_requested`;
 * identity sends it with the email settings an admin saved, or, until then, the default mailer (SMTP_* from
 * the environment, or the outbox folder). With notifications turned off, the request is logged and dropped:
 * retrying could never succeed.
 */
export async function sendRequestedEmail(
  envelope: EventEnvelope,
  manager: EntityManager,
  ctx: IdentityContext,
): Promise<void> {
  const mail = EmailRequested.payload.parse(envelope.payload) as PayloadOf<typeof EmailRequested>;
  const log = { purpose: mail.purpose, event: envelope.id };
  const settings = await readEmailSettings(manager);
  if (!settings.notifications_enabled) {
    ctx.logger.info(log, 'email notifications are turned off; requested email not sent');
    return;
  }
  const smtp = smtpConfigured(settings) ? storedSmtpSettings(ctx.config, settings) : undefined;
  const { messageId } = await ctx.mailer.send(
    { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html },
    smtp,
  );
  ctx.logger.info({ ...log, messageId }, 'requested email sent');
}
