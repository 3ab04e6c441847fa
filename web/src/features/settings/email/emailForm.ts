import { type EmailSettings, type MailRoute, SMTP_PORTS } from '@portal/contracts';
import type { EmailSettingsChange } from './emailSettingsApi';

export type SmtpPort = (typeof SMTP_PORTS)[number];

/** The form: the stored settings plus a password field that starts empty (a saved one is never shown). */
export interface EmailForm extends Omit<EmailSettings, 'smtp_password_set'> {
  smtp_password: string;
}

export const SMTP_PORT_OPTIONS = SMTP_PORTS.map((port) => ({ value: String(port), label: portLabel(port) }));

function portLabel(port: SmtpPort): string {
  if (port === 587) return '587 (STARTTLS, recommended)';
  if (port === 465) return '465 (SSL/TLS)';
  return '25 (unencrypted)';
}

export function emailFormOf(settings: EmailSettings): EmailForm {
  const { smtp_password_set: _stored, ...rest } = settings;
  return { ...rest, smtp_password: '' };
}

/** What is sent: a blank password is left out, so the stored one is kept. */
export function emailSettingsChange(form: EmailForm): EmailSettingsChange {
  const { smtp_password, ...rest } = form;
  return smtp_password ? { ...rest, smtp_password } : rest;
}

export function smtpPortOf(value: string): SmtpPort {
  return SMTP_PORTS.find((port) => String(port) === value) ?? 587;
}

/** The spec's 'Email test failed: ...' (default 'Connection error'); the server's detail may already say so. */
export function emailTestFailureText(detail: string | undefined): string {
  if (detail?.startsWith('Email test failed')) return detail;
  return `Email test failed: ${detail ?? 'Connection error'}`;
}

/** How Email Settings names where mail goes now (`mail_route.kind` of the email-settings reply). */
export function mailRouteLabel(kind: MailRoute['kind']): string {
  switch (kind) {
    case 'saved_smtp':
      return 'the SMTP server saved here';
    case 'environment_smtp':
      return "the portal's own SMTP server (none saved here)";
    case 'file_outbox':
      return 'the outbox folder (no SMTP server)';
  }
}
