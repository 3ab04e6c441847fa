/** A mail failure with a reason a person can act on; the nodemailer/SMTP error is kept as `cause`. */
export class MailError extends Error {
  constructor(cause: unknown) {
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
 * A mail failure told to a person without internal detail: no host name, address or port of the server
 * (which may be on the private network), only what went wrong and what to check. The SMTP reply code is kept
 * where it helps (e.g. 535). Log `describeMailError` beside it for the operator.
 */
export function publicMailFailure(err: unknown): string {
  const cause = err instanceof MailError ? err.cause : err;
  const code = String(field(cause, 'code') ?? '');
  const text = `${code} ${describeMailError(cause)}`;
  const reply = field(cause, 'responseCode');
  const replyCode = typeof reply === 'number' ? ` (SMTP reply ${reply})` : '';
  if (code === 'EAUTH' || /invalid login|authentication/i.test(text)) {
    return `the SMTP server refused the username or password${replyCode}`;
  }
  if (/ECONNREFUSED/.test(text)) return 'the SMTP server refused the connection. Check the server name and port.';
  if (/ENOTFOUND|EAI_AGAIN|EDNS/.test(text)) return 'the SMTP server name could not be found. Check the server name.';
  if (/ETIMEDOUT|timeout|greeting never received/i.test(text)) {
    return 'the SMTP server did not answer in time. Check the server name, the port and the SSL setting.';
  }
  if (/ETLS|EPROTO|certificate|ssl|tls|wrong version number/i.test(text)) {
    return 'a secure connection could not be set up. Check the SSL setting and the port (465 uses SSL; 587 and 25 use STARTTLS).';
  }
  if (code === 'EENVELOPE') return `the SMTP server refused the sender or recipient address${replyCode}`;
  if (/ECONNRESET|EHOSTUNREACH|ENETUNREACH|closed/i.test(text)) {
    return 'the connection to the SMTP server failed. Check the server name and port.';
  }
  return `the SMTP server could not send the mail${replyCode}`;
}
