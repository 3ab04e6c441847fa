import { z } from 'zod';
import { loadConfig } from '../config';
import type { Logger } from '../log/logger';
import type { Mailer, Sender } from './mail-types';
import { createMailer, DEFAULT_SENDER } from './mailer';
import { parseSmtpAllowList, smtpDestinations } from './smtp-destination';

/** `Name <address>`, `"Name" <address>` or a bare address (then the name is the portal's). */
const MailFrom = z
  .string()
  .trim()
  .transform((value): Sender => {
    const named = /^"?([^"<]*?)"?\s*<([^<>]+)>$/.exec(value);
    if (named) return { name: named[1]?.trim() || DEFAULT_SENDER.name, email: named[2]?.trim() ?? '' };
    return { name: DEFAULT_SENDER.name, email: value };
  })
  .pipe(z.object({ name: z.string(), email: z.email() }));

/** Comma-separated host names, addresses and CIDR ranges; an entry that is none of these fails the start. */
const AllowedHosts = z
  .string()
  .default('')
  .transform((value, ctx) => {
    try {
      return parseSmtpAllowList(value);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  });

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** The mail variables every service reads (docs/configuration.md). */
export const MailEnv = z.object({
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_SECURE: flag.optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASSWORD: z.string().optional(),
  MAIL_FROM: MailFrom.default(DEFAULT_SENDER),
  MAIL_OUTBOX_DIR: z.string().min(1).default('.data/mail'),
  /**
   * SMTP servers of the Email Settings that may be on internal addresses (loopback, private ranges): without
   * an entry, an admin can only name a server on a public address. Link-local and metadata addresses are
   * refused whatever this says (see smtp-destination.ts).
   */
  SMTP_ALLOWED_HOSTS: AllowedHosts,
});

/**
 * SMTP from SMTP_* when SMTP_HOST is set (SMTP_SECURE defaults to true on port 465), else .eml files
 * under MAIL_OUTBOX_DIR. MAIL_FROM is the sender either way. The SMTP servers of settings given to `send`
 * (an admin's Email Settings) are checked against SMTP_ALLOWED_HOSTS.
 */
export function mailerFromEnv(env: NodeJS.ProcessEnv, logger: Logger): Mailer {
  const config = loadConfig(MailEnv, env);
  const sender = config.MAIL_FROM;
  const destinations = smtpDestinations({ allow: config.SMTP_ALLOWED_HOSTS });
  if (!config.SMTP_HOST) {
    return createMailer({ logger, outboxDir: config.MAIL_OUTBOX_DIR, outboxSender: sender, destinations });
  }
  return createMailer({
    logger,
    destinations,
    defaultSmtp: {
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE ?? config.SMTP_PORT === 465,
      username: config.SMTP_USER,
      password: config.SMTP_PASSWORD,
      senderName: sender.name,
      senderEmail: sender.email,
    },
  });
}
