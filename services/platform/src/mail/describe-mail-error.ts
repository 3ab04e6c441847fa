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
