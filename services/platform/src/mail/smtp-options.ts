import { isIP } from 'node:net';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { SmtpSettings } from './mail-types';

function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/**
 * Transport options for `settings`. Every wait is bounded by `timeoutMs` (socket inactivity by three
 * times that), so a wrong host or port fails in seconds. STARTTLS is skipped only for a plain receiver
 * on this machine (a test or dev server with a self-signed certificate); real SMTP keeps certificate checks.
 */
export function smtpTransportOptions(settings: SmtpSettings, timeoutMs: number): SMTPTransport.Options {
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ignoreTLS: !settings.secure && isLoopback(settings.host),
    auth: settings.username ? { user: settings.username, pass: settings.password ?? '' } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    // inactivity while a message is being transferred; longer, so a missing greeting is reported as such
    socketTimeout: timeoutMs * 3,
    dnsTimeout: timeoutMs,
  };
}
