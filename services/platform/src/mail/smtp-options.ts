import { isIP } from 'node:net';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { SmtpSettings } from './mail-types';
import type { SmtpDestination } from './smtp-destination';

/** Whether the host is named as this machine (not merely resolved to it): a plain test or dev receiver. */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/**
 * Transport options for `settings`. Every wait is bounded by `timeoutMs` (socket inactivity by three
 * times that), so a wrong host or port fails in seconds. STARTTLS is skipped only for a plain receiver
 * on this machine (a test or dev server with a self-signed certificate); real SMTP keeps certificate checks,
 * and a username is only ever sent after STARTTLS (or over TLS from the first byte): a server that does not
 * offer STARTTLS fails the send rather than receive the password in clear.
 *
 * With a checked `destination`, nodemailer connects to its address (not the name again, which a second DNS
 * answer could point elsewhere) and checks the certificate against the name.
 */
export function smtpTransportOptions(
  settings: SmtpSettings,
  timeoutMs: number,
  destination?: SmtpDestination,
): SMTPTransport.Options {
  const loopback = isLoopback(settings.host);
  return {
    host: destination?.address ?? settings.host,
    port: settings.port,
    secure: settings.secure,
    ignoreTLS: !settings.secure && loopback,
    requireTLS: !settings.secure && !loopback && Boolean(settings.username),
    tls: destination?.servername ? { servername: destination.servername } : undefined,
    auth: settings.username ? { user: settings.username, pass: settings.password ?? '' } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    // inactivity while a message is being transferred; longer, so a missing greeting is reported as such
    socketTimeout: timeoutMs * 3,
    dnsTimeout: timeoutMs,
  };
}
