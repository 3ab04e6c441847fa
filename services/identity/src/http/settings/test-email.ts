import type { endpoints } from '@portal/contracts';
import { badRequest, describeMailError, type Handler } from '@portal/platform';
import type { IdentityContext } from '../../context';
import {
  openSmtpPassword,
  readEmailSettings,
  storedPasswordApplies,
  toSmtpSettings,
} from '../../domain/settings/email-settings';

/**
 * POST /api/admin/test-email — connects to the given SMTP server and sends a test mail (to `test_recipient`,
 * else the signed-in admin). A blank password uses the stored one when server and username are the saved
 * ones. Any failure answers 400 'Email test failed: <reason>'; connecting is bounded by the mailer's timeouts.
 */
export const testEmail: Handler<(typeof endpoints)['admin.testEmail'], IdentityContext> = async (
  { body, user },
  ctx,
) => {
  const to = body.test_recipient ?? user.email;
  try {
    const stored = await readEmailSettings(ctx.db.manager);
    const password =
      body.smtp_password ||
      (storedPasswordApplies(stored, body) && stored.smtp_password_sealed
        ? openSmtpPassword(ctx.config, stored.smtp_password_sealed)
        : undefined);
    await ctx.mailer.send(
      {
        to: [to],
        subject: 'Dealer Portal test email',
        text: `This is a test email from the dealer portal.\n\nIt was sent through ${body.smtp_server}:${body.smtp_port} at the request of ${user.email}. If you received it, the email settings work.`,
      },
      toSmtpSettings(body, password),
    );
  } catch (err) {
    ctx.logger.warn(
      { smtp_server: body.smtp_server, smtp_port: body.smtp_port, err: describeMailError(err) },
      'test email failed',
    );
    throw badRequest(`Email test failed: ${describeMailError(err)}`);
  }
  return { success: true as const, message: `Test email sent successfully to ${to}` };
};
