import { type EmailSettings, type MailRoute, SmtpPort } from '@portal/contracts';
import type { MailTransportKind, SmtpSettings } from '@portal/platform';
import { z } from 'zod';
import { createSecretBox } from './secret-box';

/** The email settings as stored: the SMTP password only sealed (AES-256-GCM), never in clear. */
export const StoredEmailSettings = z.object({
  smtp_server: z.string(),
  smtp_port: SmtpPort,
  smtp_username: z.string(),
  smtp_password_sealed: z.string().nullable(),
  sender_name: z.string(),
  sender_email: z.string(),
  use_ssl: z.boolean(),
  notifications_enabled: z.boolean(),
});
export type StoredEmailSettings = z.infer<typeof StoredEmailSettings>;

/** Until saved, no SMTP server: mail goes through the environment's SMTP, or the file outbox. */
export const DEFAULT_EMAIL_SETTINGS: StoredEmailSettings = {
  smtp_server: '',
  smtp_port: 587,
  smtp_username: '',
  smtp_password_sealed: null,
  sender_name: '',
  sender_email: '',
  use_ssl: false,
  notifications_enabled: true,
};

/** What the SMTP connection needs from a form or from the stored settings. */
export interface SmtpForm {
  smtp_server: string;
  smtp_port: number;
  smtp_username?: string;
  sender_name?: string;
  sender_email: string;
  use_ssl: boolean;
}

const PASSWORD_PURPOSE = 'email.smtp_password';

/** The SMTP password cannot be sealed: the server has no SETTINGS_ENCRYPTION_KEY. */
export class EncryptionKeyMissing extends Error {
  constructor() {
    super('SETTINGS_ENCRYPTION_KEY is not set');
    this.name = 'EncryptionKeyMissing';
  }
}

/** The stored SMTP password cannot be opened (no key, or not the key it was sealed with). */
export class StoredPasswordUnreadable extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'StoredPasswordUnreadable';
  }
}

export function emailSettingsView(stored: StoredEmailSettings): EmailSettings {
  const { smtp_password_sealed, ...rest } = stored;
  return { ...rest, smtp_password_set: smtp_password_sealed !== null };
}

/** Whether an admin has saved an SMTP server; until then the environment's transport is used. */
export function smtpConfigured(stored: StoredEmailSettings): boolean {
  return stored.smtp_server !== '';
}

/**
 * Seals an SMTP password for storage. Without a key it refuses (EncryptionKeyMissing) rather than store the
 * password in clear or under a key derived from something guessable.
 */
export function sealSmtpPassword(key: Buffer | undefined, password: string): string {
  if (!key) throw new EncryptionKeyMissing();
  return createSecretBox(key).seal(password, PASSWORD_PURPOSE);
}

/** The stored SMTP password in clear; throws StoredPasswordUnreadable with a reason. */
export function openSmtpPassword(key: Buffer | undefined, sealed: string): string {
  if (!key)
    throw new StoredPasswordUnreadable('the stored SMTP password cannot be read: SETTINGS_ENCRYPTION_KEY is not set');
  try {
    return createSecretBox(key).open(sealed, PASSWORD_PURPOSE);
  } catch {
    throw new StoredPasswordUnreadable(
      'the stored SMTP password cannot be read with the current SETTINGS_ENCRYPTION_KEY; enter it again',
    );
  }
}

/**
 * The stored password applies only to the server and username it was saved for, so changing either cannot
 * send it to another host.
 */
export function storedPasswordApplies(stored: StoredEmailSettings, form: SmtpForm): boolean {
  return (
    stored.smtp_password_sealed !== null &&
    stored.smtp_server === form.smtp_server &&
    stored.smtp_username === (form.smtp_username ?? '')
  );
}

/**
 * The settings to store from a saved form: a new password sealed, a blank one keeps the stored password where
 * it applies. Without a server (back to the environment's SMTP or the outbox) no password is kept.
 */
export function nextEmailSettings(
  current: StoredEmailSettings,
  form: SmtpForm & { smtp_password?: string; notifications_enabled: boolean },
  key: Buffer | undefined,
): StoredEmailSettings {
  const server = form.smtp_server !== '';
  const sealed = server && form.smtp_password ? sealSmtpPassword(key, form.smtp_password) : undefined;
  const kept = server && storedPasswordApplies(current, form) ? current.smtp_password_sealed : null;
  return {
    smtp_server: form.smtp_server,
    smtp_port: form.smtp_port as StoredEmailSettings['smtp_port'],
    smtp_username: form.smtp_username ?? '',
    smtp_password_sealed: sealed ?? kept,
    sender_name: form.sender_name ?? '',
    sender_email: form.sender_email,
    use_ssl: form.use_ssl,
    notifications_enabled: form.notifications_enabled,
  };
}

export function toSmtpSettings(form: SmtpForm, password: string | undefined): SmtpSettings {
  return {
    host: form.smtp_server,
    port: form.smtp_port,
    secure: form.use_ssl,
    username: form.smtp_username || undefined,
    password,
    senderName: form.sender_name ?? '',
    senderEmail: form.sender_email,
  };
}

/** The SMTP settings of the stored configuration, the password opened. */
export function storedSmtpSettings(key: Buffer | undefined, stored: StoredEmailSettings): SmtpSettings {
  const password = stored.smtp_password_sealed ? openSmtpPassword(key, stored.smtp_password_sealed) : undefined;
  return toSmtpSettings(stored, password);
}

/**
 * Where product mail goes now: the saved SMTP server whenever one is saved, else the SMTP server of the
 * environment, else the file outbox. The environment's server is not named (it may be internal).
 */
export function mailRoute(stored: StoredEmailSettings, environment: MailTransportKind): MailRoute {
  const off = stored.notifications_enabled
    ? ''
    : ' Email notifications are turned off: invoices and notices are not sent (invitations still are).';
  if (smtpConfigured(stored)) {
    return {
      kind: 'saved_smtp',
      description: `Mail is sent through the SMTP server saved here (${stored.smtp_server}:${stored.smtp_port}).${off}`,
    };
  }
  if (environment === 'environment_smtp') {
    return {
      kind: 'environment_smtp',
      description: `No SMTP server is saved here, so mail is sent through the SMTP server the portal was started with (SMTP_HOST).${off}`,
    };
  }
  return {
    kind: 'file_outbox',
    description: `No SMTP server: mail is written to the outbox folder on the server (as files) and is not delivered. Save an SMTP server here to send real mail.${off}`,
  };
}
