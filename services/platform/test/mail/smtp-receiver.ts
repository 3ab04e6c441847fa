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
  stop(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 and a free port. It offers STARTTLS with a self-signed certificate, as
 * smtp-server does by default. With `credentials`, it refuses unauthenticated senders and other passwords.
 */
export async function startSmtpReceiver(credentials?: { username: string; password: string }): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    authOptional: !credentials,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (credentials && auth.username === credentials.username && auth.password === credentials.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Authentication failed'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          envelopeFrom: mailFrom ? mailFrom.address : '',
          envelopeTo: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
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
