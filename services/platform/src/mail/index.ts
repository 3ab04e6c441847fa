export {
  describeMailError,
  MailError,
  type MailFailureKind,
  mailFailureKind,
  publicMailFailure,
} from './describe-mail-error';
export type { MailAttachment, Mailer, MailMessage, MailTransportKind, Sender, SmtpSettings } from './mail-types';
export { createMailer, type MailerOptions, oneHeaderLine } from './mailer';
export { MailEnv, mailerFromEnv } from './mailer-from-env';
export {
  type AddressClass,
  checkSmtpAddresses,
  classifyAddress,
  type HostLookup,
  NO_ALLOWED_HOSTS,
  parseSmtpAllowList,
  type SmtpAllowList,
  type SmtpDestination,
  SmtpDestinationRefused,
  type SmtpDestinations,
  smtpDestinations,
  systemHostLookup,
} from './smtp-destination';
