export { describeMailError, MailError, publicMailFailure } from './describe-mail-error';
export type { MailAttachment, Mailer, MailMessage, MailTransportKind, Sender, SmtpSettings } from './mail-types';
export { createMailer, type MailerOptions } from './mailer';
export { MailEnv, mailerFromEnv } from './mailer-from-env';
