import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Logger } from '../log/logger';
import { MailError } from './describe-mail-error';
import type { Mailer, MailMessage, Sender, SmtpSettings } from './mail-types';
import { writeToOutbox } from './outbox';
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
}

const DEFAULT_OUTBOX_DIR = '.data/mail';
const DEFAULT_TIMEOUT_MS = 10_000;
/** The sender when nothing configures one. */
export const DEFAULT_SENDER: Sender = { name: 'Dealer Portal', email: 'no-reply@dealer-portal.local' };

function toMail(message: MailMessage, sender: Sender): Mail.Options {
  return {
    // An address object lets nodemailer quote the name, so a comma in it cannot add a recipient.
    from: { name: sender.name, address: sender.email },
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    // sent base64-encoded; nodemailer encodes the file name and type as MIME header parameters
    attachments: message.attachments?.map((file) => ({
      filename: file.filename,
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

  async function sendSmtp(message: MailMessage, settings: SmtpSettings): Promise<{ messageId: string }> {
    const transport = nodemailer.createTransport(smtpTransportOptions(settings, timeoutMs));
    try {
      const info = await transport.sendMail(toMail(message, senderOf(settings)));
      logger.info(
        { messageId: info.messageId, to: message.to, subject: message.subject, attachments: attachmentNames(message) },
        'mail sent',
      );
      return { messageId: info.messageId };
    } catch (err) {
      throw new MailError(err);
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

    send(message, settings) {
      const smtp = settings ?? opts.defaultSmtp;
      return smtp ? sendSmtp(message, smtp) : sendToOutbox(message);
    },

    async verify(settings) {
      const transport = nodemailer.createTransport(smtpTransportOptions(settings, timeoutMs));
      try {
        await transport.verify();
      } catch (err) {
        throw new MailError(err);
      } finally {
        transport.close();
      }
    },
  };
}
