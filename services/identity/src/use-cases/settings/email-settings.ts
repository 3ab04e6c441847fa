import type { EmailSettings, MailRoute } from '@portal/contracts';
import {
  type AuthUser,
  badRequest,
  describeMailError,
  HttpError,
  mailFailureKind,
  recordAudit,
  SmtpDestinationRefused,
} from '@portal/platform';
import type { IdentityContext } from '../../context';
import { lockEmailSettings, readEmailSettings } from '../../data/settings';
import { writeSettings } from '../../data/settings-store';
import {
  EncryptionKeyMissing,
  emailSettingsView,
  mailRoute,
  nextEmailSettings,
  openSmtpPassword,
  type SmtpForm,
  type StoredEmailSettings,
  StoredPasswordUnreadable,
  storedPasswordApplies,
  toSmtpSettings,
} from '../../domain/settings/email-settings';
import { countAttempt } from '../../throttling/attempt-throttles';
import { mailFailureForAdmin } from '../mail/product-mail';

export interface EmailSettingsAnswer {
  settings: EmailSettings;
  mail_route: MailRoute;
}

/** The saved settings (never the password, only whether one is stored) and where mail goes now. */
export async function currentEmailSettings(ctx: IdentityContext): Promise<EmailSettingsAnswer> {
  const stored = await readEmailSettings(ctx.db.manager);
  return { settings: emailSettingsView(stored), mail_route: mailRoute(stored, ctx.mailer.defaultTransport) };
}

/**
 * Saves the settings: a new password is sealed before it is stored; a blank one keeps the stored password
 * while the server and username stay the same (else it is dropped, so it never follows the settings to
 * another host).
 */
export async function storeEmailSettings(
  ctx: IdentityContext,
  admin: AuthUser,
  form: SmtpForm & { smtp_password?: string; notifications_enabled: boolean },
): Promise<EmailSettingsAnswer> {
  if (form.smtp_server !== '') await refuseForbiddenServer(ctx, form.smtp_server);
  const saved = await ctx.transaction(async (manager, emit) => {
    const current = await lockEmailSettings(manager);
    const next = withKeyRule(() => nextEmailSettings(current, form, ctx.config.SETTINGS_ENCRYPTION_KEY));
    await writeSettings(manager, 'email', next, admin.email);
    await recordAudit(emit, {
      action: 'settings.updated',
      entity: 'settings',
      entity_id: 'email',
      before: emailAuditFields(current),
      after: emailAuditFields(next),
    });
    return next;
  });
  ctx.logger.info({ smtp_server: saved.smtp_server, by: admin.email }, 'email settings saved');
  return { settings: emailSettingsView(saved), mail_route: mailRoute(saved, ctx.mailer.defaultTransport) };
}

/**
 * Sends a test mail through the given settings (to `test_recipient`, else the admin). A blank password uses
 * the stored one when server and username are the saved ones. A failure answers 400 'Email test failed:
 * <what to check>' without the server's internal address; the full reason is logged. A server that could
 * not be reached is one answer, given after the same wait, whether the port is closed, filtered or not SMTP,
 * so the test cannot map the network. Throttled per admin: each test opens a connection to a host the caller
 * names.
 */
export async function sendTestEmail(
  ctx: IdentityContext,
  admin: AuthUser,
  form: SmtpForm & { smtp_password?: string; test_recipient?: string },
): Promise<string> {
  await countAttempt(ctx.deps.attemptThrottles.testEmails, admin.sub, 'Too many test emails.');
  const to = form.test_recipient ?? admin.email;
  const started = Date.now();
  try {
    const stored = await readEmailSettings(ctx.db.manager);
    const password =
      form.smtp_password ||
      (storedPasswordApplies(stored, form) && stored.smtp_password_sealed
        ? openSmtpPassword(ctx.config.SETTINGS_ENCRYPTION_KEY, stored.smtp_password_sealed)
        : undefined);
    await ctx.mailer.send(
      {
        to: [to],
        subject: 'Dealer Portal test email',
        text: `This is a test email from the dealer portal, sent at the request of ${admin.email}. If you received it, the email settings work.`,
      },
      toSmtpSettings(form, password),
    );
  } catch (err) {
    const reason = err instanceof StoredPasswordUnreadable ? err.message : mailFailureForAdmin(err);
    ctx.logger.warn(
      { smtp_server: form.smtp_server, smtp_port: form.smtp_port, err: describeMailError(err) },
      'test email failed',
    );
    if (mailFailureKind(err) === 'unreachable') await answerUnreachableAfterTimeout(ctx, started);
    throw badRequest(`Email test failed: ${reason}`);
  }
  return to;
}

/**
 * Refuses (400) an SMTP server on an address the portal may not connect to (the rule named), or whose name
 * does not resolve. Sends check again, as the name may later resolve elsewhere.
 */
async function refuseForbiddenServer(ctx: IdentityContext, host: string): Promise<void> {
  try {
    await ctx.mailer.checkSmtpServer(host);
  } catch (err) {
    if (err instanceof SmtpDestinationRefused) throw badRequest(`Error: ${err.reason}`);
    ctx.logger.warn({ smtp_server: host, err: describeMailError(err) }, 'SMTP server name not resolved');
    throw badRequest(`Error: The SMTP server name ${host} could not be found. Check the server name.`);
  }
}

/**
 * Answers a failed connection no sooner than the mailer's connection timeout after `started`: a closed port
 * fails at once, a filtered one after the timeout, so answering each at once would tell them apart.
 */
async function answerUnreachableAfterTimeout(ctx: IdentityContext, started: number): Promise<void> {
  const wait = started + ctx.mailer.connectionTimeoutMs - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Maps the domain's refusal to store a password without a key to a clear 503 for the admin. */
function withKeyRule<T>(work: () => T): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof EncryptionKeyMissing) {
      throw new HttpError(
        503,
        'Error: The SMTP password cannot be stored securely because the server has no SETTINGS_ENCRYPTION_KEY. Please ask the operator to set it.',
      );
    }
    throw err;
  }
}

/** The settings as the audit log compares them: the sealed password under its secret name, so only "changed" is kept. */
function emailAuditFields({ smtp_password_sealed, ...settings }: StoredEmailSettings) {
  return { ...settings, smtp_password: smtp_password_sealed };
}
