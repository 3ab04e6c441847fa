import type { IdentityConsumer } from '../context';
import { sendProductMail } from '../use-cases/mail/product-mail';

/**
 * notification.email_requested: other services ask identity, the portal's one mail sender, for mail. With
 * notifications turned off the request is logged and dropped (retrying could never succeed).
 */
export const sendRequestedEmail: IdentityConsumer<'notification.email_requested'> = async (event, ctx) => {
  const mail = event.payload;
  const log = { purpose: mail.purpose, event: event.id };
  const outcome = await sendProductMail(
    ctx,
    { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html },
    'notification',
    ctx.manager,
  );
  if (outcome.sent) ctx.logger.info({ ...log, messageId: outcome.messageId }, 'requested email sent');
  else ctx.logger.info(log, 'email notifications are turned off; requested email not sent');
};
