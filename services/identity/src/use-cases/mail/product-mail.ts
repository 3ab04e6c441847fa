import { type MailMessage, publicMailFailure } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import { readEmailSettings } from '../../data/settings';
import { smtpConfigured, storedSmtpSettings } from '../../domain/settings/email-settings';

export type ProductMailKind =
  /** an admin's own action (an invitation): sent even with notifications turned off */
  | 'requested_by_admin'
  /** about the user's own account (confirming a new sign-in email): sent even with notifications turned off */
  | 'account'
  /** a notification (invoice, achievement notice): dropped while notifications are turned off */
  | 'notification';

export type ProductMailOutcome = { sent: true; messageId: string } | { sent: false; reason: 'notifications_off' };

/**
 * The portal's one mail sender. It decides where product mail goes: through the Email Settings an admin
 * saved whenever they name an SMTP server (in every mode, the one-machine portal included), else through
 * the SMTP server of the environment (SMTP_HOST), else into the file outbox. Platform's mailer builds the
 * transports; mail/mail-route.ts tells the admin which one applies.
 */
export async function sendProductMail(
  ctx: IdentityContext,
  message: MailMessage,
  kind: ProductMailKind,
  /**
   * A consumer passes its transaction's manager: reading the settings through the pool instead would take a
   * second connection while the transaction holds one, and with as many mails in flight as the pool has
   * connections every transaction waits for a connection that never frees (identity hung, sign-in included).
   */
  manager: EntityManager = ctx.db.manager,
): Promise<ProductMailOutcome> {
  const settings = await readEmailSettings(manager);
  if (kind === 'notification' && !settings.notifications_enabled) return { sent: false, reason: 'notifications_off' };
  const smtp = smtpConfigured(settings) ? storedSmtpSettings(ctx.config.SETTINGS_ENCRYPTION_KEY, settings) : undefined;
  try {
    const { messageId } = await ctx.mailer.send(message, smtp);
    ctx.deps.mailFailures.succeeded();
    return { sent: true, messageId };
  } catch (err) {
    ctx.deps.mailFailures.failed(ctx, err);
    throw err;
  }
}

/** A reason fit to show an admin when product mail failed: what to check, never an internal address. */
export const mailFailureForAdmin = publicMailFailure;
