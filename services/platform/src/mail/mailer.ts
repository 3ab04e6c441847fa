import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Logger } from '../log/logger';
import { MailError } from './describe-mail-error';
import type { Mailer, MailMessage, Sender, SmtpSettings } from './mail-types';
import { writeToOutbox } from './outbox';
import { NO_ALLOWED_HOSTS, SmtpDestinationRefused, type SmtpDestinations, smtpDestinations } from './smtp-destination';
import { smtpTransportOptions } from './smtp-options';

export interface MailerOptions {
  logger: Logger;
  /** where messages go when no SMTP is configured (default .data/mail) */
  outboxDir?: string;
  /** SMTP used when `send` is given no settings; without it, the outbox */
  defaultSmtp?: SmtpSettings;
  /** the From of outbox messages (SMTP settings carry their own sender) */
  outboxSender?: Sender;
  /** bounds connecting, the greeting and socket inactivity (default 10000) */
  connectionTimeoutMs?: number;
  /**
   * Where the SMTP servers of given settings (an admin's Email Settings) may be; default: public addresses
   * only. The environment's own SMTP server (`defaultSmtp`) is the operator's and is not checked.
   */
  destinations?: SmtpDestinations;
}

const DEFAULT_OUTBOX_DIR = '.data/mail';
const DEFAULT_TIMEOUT_MS = 10_000;
/** The sender when nothing configures one. */
export const DEFAULT_SENDER: Sender = { name: 'Dealer Portal', email: 'no-reply@dealer-portal.local' };

/**
 * Header text on one line: line breaks and other control characters (CR, LF, NEL, U+2028/9, …) become one
 * space. Subjects and display names carry names people typed (a dealer's, a business's); a line break there
 * must never start a header of its own, nor reach a mail client encoded inside one.
 */
export function oneHeaderLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is folded
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

function toMail(message: MailMessage, sender: Sender): Mail.Options {
  return {
    // An address object lets nodemailer quote the name, so a comma in it cannot add a recipient.
    from: { name: oneHeaderLine(sender.name), address: sender.email },
    to: message.to,
    subject: oneHeaderLine(message.subject),
    text: message.text,
    html: message.html,
    // sent base64-encoded; nodemailer encodes the file name and type as MIME header parameters
    attachments: message.attachments?.map((file) => ({
      filename: oneHeaderLine(file.filename),
      contentType: file.contentType,
      content: file.content,
      contentTransferEncoding: 'base64' as const,
    })),
  };
}

/** The attachments' names for the log (never their content), or undefined when there are none. */
function attachmentNames(message: MailMessage): string[] | undefined {
  return message.attachments?.length ? message.attachments.map((file) => file.filename) : undefined;
}

function senderOf(settings: SmtpSettings): Sender {
  return { name: settings.senderName, email: settings.senderEmail };
}

export function createMailer(opts: MailerOptions): Mailer {
  const { logger } = opts;
  const timeoutMs = opts.connectionTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const outboxDir = opts.outboxDir ?? DEFAULT_OUTBOX_DIR;
  const outboxSender = opts.outboxSender ?? DEFAULT_SENDER;
  const destinations = opts.destinations ?? smtpDestinations({ allow: NO_ALLOWED_HOSTS, timeoutMs });

  /**
   * Transport options for settings an admin gave: the host resolved and checked now, at every send, and the
   * connection made to the checked address. A failure names the server as the admin named it.
   */
  async function checkedTransport(settings: SmtpSettings) {
    try {
      const destination = await destinations.resolve(settings.host);
      return nodemailer.createTransport(smtpTransportOptions(settings, timeoutMs, destination));
    } catch (err) {
      if (err instanceof SmtpDestinationRefused) throw err;
      throw new MailError(err, `${settings.host}:${settings.port}`);
    }
  }

  async function sendSmtp(
    message: MailMessage,
    settings: SmtpSettings,
    given: boolean,
  ): Promise<{ messageId: string }> {
    const transport = given
      ? await checkedTransport(settings)
      : nodemailer.createTransport(smtpTransportOptions(settings, timeoutMs));
    try {
      const info = await transport.sendMail(toMail(message, senderOf(settings)));
      logger.info(
        { messageId: info.messageId, to: message.to, subject: message.subject, attachments: attachmentNames(message) },
        'mail sent',
      );
      return { messageId: info.messageId };
    } catch (err) {
      throw new MailError(err, given ? `${settings.host}:${settings.port}` : undefined);
    } finally {
      transport.close();
    }
  }

  async function sendToOutbox(message: MailMessage): Promise<{ messageId: string }> {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    const info = await transport.sendMail(toMail(message, outboxSender));
    if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer returned a stream despite buffer: true');
    const file = await writeToOutbox(outboxDir, info.messageId, info.message);
    logger.info(
      {
        messageId: info.messageId,
        to: message.to,
        subject: message.subject,
        attachments: attachmentNames(message),
        file,
      },
      'mail written to outbox',
    );
    return { messageId: info.messageId };
  }

  return {
    defaultTransport: opts.defaultSmtp ? 'environment_smtp' : 'file_outbox',
    connectionTimeoutMs: timeoutMs,

    send(message, settings) {
      if (settings) return sendSmtp(message, settings, true);
      return opts.defaultSmtp ? sendSmtp(message, opts.defaultSmtp, false) : sendToOutbox(message);
    },

    async checkSmtpServer(host) {
      await destinations.resolve(host);
    },

    async verify(settings) {
      const transport = await checkedTransport(settings);
      try {
        await transport.verify();
      } catch (err) {
        throw new MailError(err, `${settings.host}:${settings.port}`);
      } finally {
        transport.close();
      }
    },
  };
}
