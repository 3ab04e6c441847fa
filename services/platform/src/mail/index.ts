export { describeMailError, MailError } from './describe-mail-error';
export type { Mailer, MailMessage, Sender, SmtpSettings } from './mail-types';
export { createMailer, type MailerOptions } from './mailer';
export { MailEnv, mailerFromEnv } from './mailer-from-env';
