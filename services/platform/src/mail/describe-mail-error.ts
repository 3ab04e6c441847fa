import { SmtpDestinationRefused } from './smtp-destination';

/** A mail failure with a reason a person can act on; the nodemailer/SMTP error is kept as `cause`. */
export class MailError extends Error {
  constructor(
    cause: unknown,
    /** `host:port` of an SMTP server an admin named (never the environment's own server, which may be internal) */
    readonly server?: string,
  ) {
    super(describeMailError(cause), { cause });
    this.name = 'MailError';
  }
}

const UNKNOWN = 'Unknown mail error';

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Readable reason from a nodemailer/SMTP error, e.g. 'connect ECONNREFUSED 127.0.0.1:2526',
 * 'Connection timeout' or 'Invalid login: 535 Authentication failed'. SMTP replies can span lines;
 * they are folded into one.
 */
export function describeMailError(err: unknown): string {
  if (typeof err === 'string') return oneLine(err) || UNKNOWN;
  if (typeof err !== 'object' || err === null) return UNKNOWN;
  // Structural, not `instanceof Error`: socket errors may come from another realm (Jest's vm).
  const message = 'message' in err && typeof err.message === 'string' ? oneLine(err.message) : '';
  if (message) return message;
  // Node's dual-stack connect reports an AggregateError, one error per address tried, with no message.
  if ('errors' in err && Array.isArray(err.errors) && err.errors.length > 0) {
    return err.errors.map(describeMailError).join('; ');
  }
  return 'code' in err && typeof err.code === 'string' ? err.code : UNKNOWN;
}

function field(err: unknown, name: string): unknown {
  return typeof err === 'object' && err !== null && name in err ? (err as Record<string, unknown>)[name] : undefined;
}

/**
 * What kind of failure a send was, as far as a person may be told:
 * - `refused_destination`: the server's address is not allowed (SmtpDestinationRefused);
 * - `unreachable`: no SMTP conversation took place — name not found, connection refused or timed out, not an
 *   SMTP server (no or a wrong greeting), TLS from the first byte against a plain port. These are one kind on
 *   purpose: telling them apart would let an admin account map which hosts and ports are open;
 * - `authentication`, `tls` (STARTTLS or a certificate: something answered), `envelope`: a server answered;
 * - `other`.
 */
export type MailFailureKind = 'refused_destination' | 'unreachable' | 'authentication' | 'tls' | 'envelope' | 'other';

const CERTIFICATE = /certificate|CERT_|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS_CERT/i;
const NO_CONVERSATION =
  /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EDNS|ETIMEDOUT|ECONNRESET|EHOSTUNREACH|ENETUNREACH|EPIPE|timeout|greeting|closed|wrong version number|EPROTO|ECONNECTION|ESOCKET/i;

export function mailFailureKind(err: unknown): MailFailureKind {
  if (err instanceof SmtpDestinationRefused) return 'refused_destination';
  const cause = err instanceof MailError ? err.cause : err;
  const code = String(field(cause, 'code') ?? '');
  const command = String(field(cause, 'command') ?? '');
  const text = `${code} ${describeMailError(cause)}`;
  if (code === 'EAUTH' || code === 'ENOAUTH' || /invalid login|authentication/i.test(text)) return 'authentication';
  if (code === 'EENVELOPE') return 'envelope';
  if ((code === 'ETLS' && command === 'STARTTLS') || CERTIFICATE.test(text)) return 'tls';
  if (command === 'CONN' || NO_CONVERSATION.test(text)) return 'unreachable';
  return 'other';
}

/**
 * A mail failure told to a person without internal detail: the server only as the admin named it (never the
 * environment's own server nor an address it resolved to), what went wrong and what to check. The SMTP reply
 * code is kept where it helps (e.g. 535). Log `describeMailError` beside it for the operator.
 */
export function publicMailFailure(err: unknown): string {
  if (err instanceof SmtpDestinationRefused) return err.reason.charAt(0).toLowerCase() + err.reason.slice(1);
  const cause = err instanceof MailError ? err.cause : err;
  const reply = field(cause, 'responseCode');
  const replyCode = typeof reply === 'number' ? ` (SMTP reply ${reply})` : '';
  switch (mailFailureKind(err)) {
    case 'authentication':
      return `the SMTP server refused the username or password${replyCode}`;
    case 'tls':
      return 'a secure connection could not be set up. Check the SSL setting and the port (465 uses SSL; 587 and 25 use STARTTLS).';
    case 'envelope':
      return `the SMTP server refused the sender or recipient address${replyCode}`;
    case 'unreachable': {
      const server = err instanceof MailError && err.server ? ` ${err.server}` : '';
      return `could not reach the mail server${server}. Check the server name and port.`;
    }
    default:
      return `the SMTP server could not send the mail${replyCode}`;
  }
}
