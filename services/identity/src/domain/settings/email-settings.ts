import { type EmailSettings, SmtpPort } from '@portal/contracts';
import { HttpError, type SmtpSettings } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import type { IdentityConfig } from '../../config';
import { readSettings, readSettingsForUpdate } from '../../data/settings-store';
import { createSecretBox } from './secret-box';

/** The email settings as stored: the SMTP password only sealed (AES-256-GCM), never in clear. */
const StoredEmailSettings = z.object({
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

/** Until saved, no SMTP server: mail goes through the default mailer (SMTP_* from env, or the outbox). */
const DEFAULT_EMAIL_SETTINGS: StoredEmailSettings = {
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

export function readEmailSettings(manager: EntityManager): Promise<StoredEmailSettings> {
  return readSettings(manager, 'email', StoredEmailSettings, DEFAULT_EMAIL_SETTINGS);
}

export function lockEmailSettings(manager: EntityManager): Promise<StoredEmailSettings> {
  return readSettingsForUpdate(manager, 'email', StoredEmailSettings, DEFAULT_EMAIL_SETTINGS);
}

export function emailSettingsView(stored: StoredEmailSettings): EmailSettings {
  const { smtp_password_sealed, ...rest } = stored;
  return { ...rest, smtp_password_set: smtp_password_sealed !== null };
}

/** Whether an admin has saved an SMTP server; until then the default mailer is used. */
export function smtpConfigured(stored: StoredEmailSettings): boolean {
  return stored.smtp_server !== '';
}

/**
 * Seals an SMTP password for storage. Without SETTINGS_ENCRYPTION_KEY it refuses (503) rather than store
 * the password in clear or under a key derived from something guessable.
 */
export function sealSmtpPassword(config: IdentityConfig, password: string): string {
  if (!config.SETTINGS_ENCRYPTION_KEY) {
    throw new HttpError(
      503,
      'Error: The SMTP password cannot be stored securely because the server has no SETTINGS_ENCRYPTION_KEY. Please ask the operator to set it.',
    );
  }
  return createSecretBox(config.SETTINGS_ENCRYPTION_KEY).seal(password, PASSWORD_PURPOSE);
}

/** The stored SMTP password in clear; throws with a reason when the key is missing or is not the one it was sealed with. */
export function openSmtpPassword(config: IdentityConfig, sealed: string): string {
  if (!config.SETTINGS_ENCRYPTION_KEY) {
    throw new Error('the stored SMTP password cannot be read: SETTINGS_ENCRYPTION_KEY is not set');
  }
  try {
    return createSecretBox(config.SETTINGS_ENCRYPTION_KEY).open(sealed, PASSWORD_PURPOSE);
  } catch {
    throw new Error('the stored SMTP password cannot be read with the current SETTINGS_ENCRYPTION_KEY; enter it again');
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
export function storedSmtpSettings(config: IdentityConfig, stored: StoredEmailSettings): SmtpSettings {
  const password = stored.smtp_password_sealed ? openSmtpPassword(config, stored.smtp_password_sealed) : undefined;
  return toSmtpSettings(stored, password);
}
