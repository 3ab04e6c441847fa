/**
 * A real SMTP server for tests (smtp-server on 127.0.0.1), and just enough MIME reading to check what arrived:
 * headers, the body, and the attachments of a multipart message as bytes. Imported as
 * `@portal/platform/testing/smtp-receiver` (not re-exported from the testing index, so tests that send no
 * mail never load smtp-server).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
}

export interface SmtpReceiver {
  port: number;
  received: ReceivedMail[];
  /** the usernames senders tried to log in with, in order */
  authAttempts: string[];
  /**
   * The first mail (already received or arriving within `timeoutMs`) that `matches`; rejects naming `what` when
   * none comes. Resolved when the mail arrives, not by polling.
   */
  waitForMail(matches: (mail: ReceivedMail) => boolean, what: string, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

export interface SmtpReceiverOptions {
  /** recipients the server refuses with `550 Mailbox unavailable` (a failure the sender sees at RCPT TO) */
  refuseRecipient?: (address: string) => boolean;
  /** false: STARTTLS is neither offered nor accepted, as on an old or misconfigured server (default true) */
  offerStartTls?: boolean;
}

/**
 * A real SMTP server on 127.0.0.1 and a free port. It offers STARTTLS with a self-signed certificate, as
 * smtp-server does by default. With `credentials`, it refuses unauthenticated senders and other passwords.
 */
export async function startSmtpReceiver(
  credentials?: { username: string; password: string },
  options: SmtpReceiverOptions = {},
): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const authAttempts: string[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();
  const server = new SMTPServer({
    logger: false,
    disabledCommands: options.offerStartTls === false ? ['STARTTLS'] : [],
    authOptional: !credentials,
    allowInsecureAuth: true,
    // room for attachments (smtp-server's default is unlimited; a bound keeps a broken test from eating memory)
    size: 25 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      authAttempts.push(auth.username ?? '');
      if (credentials && auth.username === credentials.username && auth.password === credentials.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Authentication failed'));
      }
    },
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipient?.(address.address)) {
        const refused = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        return callback(refused);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        const mail = {
          envelopeFrom: mailFrom ? mailFrom.address : '',
          envelopeTo: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(mail);
        for (const waiter of waiters) waiter(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    authAttempts,
    waitForMail(matches, what, timeoutMs = 20_000) {
      const already = received.find(matches);
      if (already) return Promise.resolve(already);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no mail ${what} within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = (mail: ReceivedMail) => {
          if (!matches(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        waiters.add(waiter);
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ParsedMail {
  /** header values by lower-case name, folded lines joined */
  headers: Map<string, string>;
  body: string;
}

/** Splits an RFC 822 message into unfolded headers and the body (enough for ASCII test messages). */
export function parseMail(raw: string): ParsedMail {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = normalized.slice(0, end).replace(/\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: normalized.slice(end + 2) };
}

/** One leaf part of a MIME message, its transfer encoding undone. */
export interface MailPart {
  /** e.g. 'text/plain', 'application/pdf' (lower case, without parameters) */
  contentType: string;
  /** the `filename` of Content-Disposition (or `name` of Content-Type), when it has one */
  filename: string | null;
  /** whether Content-Disposition says attachment */
  attachment: boolean;
  content: Buffer;
}

function headerParameter(value: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}\\*?=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function decodeBody(body: string, encoding: string): Buffer {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const unwrapped = body.replace(/=\n/g, '');
    return Buffer.from(
      unwrapped.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    );
  }
  return Buffer.from(body, 'utf8');
}

/**
 * The leaf parts of a message (multipart bodies walked depth-first), each decoded from base64 or
 * quoted-printable. Enough for what nodemailer writes; not a general MIME parser.
 */
export function mailParts(raw: string): MailPart[] {
  const { headers, body } = parseMail(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const mediaType = (type.split(';')[0] ?? '').trim().toLowerCase();
  if (mediaType.startsWith('multipart/')) {
    const boundary = headerParameter(type, 'boundary');
    if (!boundary) return [];
    const sections = body.split(`--${boundary}`);
    // the preamble comes before the first boundary, the epilogue after the closing `--boundary--`
    return sections
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .flatMap((section) => mailParts(section.replace(/^\n/, '').replace(/\n$/, '')));
  }
  const disposition = headers.get('content-disposition') ?? '';
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return [
    {
      contentType: mediaType,
      filename: headerParameter(disposition, 'filename') ?? headerParameter(type, 'name'),
      attachment: /^attachment\b/i.test(disposition),
      content: decodeBody(body, encoding),
    },
  ];
}

/** A message as one text with its quoted-printable soft breaks and `=3D` undone: links read whole. */
export const readableMail = (mail: ReceivedMail): string => mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

/** The attachments of a message, decoded. */
export const mailAttachments = (raw: string): MailPart[] => mailParts(raw).filter((part) => part.attachment);
