export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it */
  secure: boolean;
  username?: string;
  password?: string;
  senderName: string;
  senderEmail: string;
}

/** A file sent with a message (an invoice PDF): its name, MIME type and bytes. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** Where a mailer sends when it is given no SMTP settings. */
export type MailTransportKind = 'environment_smtp' | 'file_outbox';

export interface Mailer {
  /** the transport used without settings: SMTP from SMTP_* when configured, else the file outbox */
  readonly defaultTransport: MailTransportKind;
  /** how long connecting, or waiting for the greeting, may take before a send fails */
  readonly connectionTimeoutMs: number;
  /**
   * sends with `settings` when given (their host resolved and checked against SMTP_ALLOWED_HOSTS first:
   * SmtpDestinationRefused), else the default transport (SMTP from env, or the file outbox)
   */
  send(message: MailMessage, settings?: SmtpSettings): Promise<{ messageId: string }>;
  /** resolves and checks an SMTP host an admin names; rejects with SmtpDestinationRefused or the resolver's error */
  checkSmtpServer(host: string): Promise<void>;
  /** connects and authenticates to the SMTP server (no mail sent); rejects with a clear reason */
  verify(settings: SmtpSettings): Promise<void>;
}

/** Who a message is from: the display name and address of `"Name" <address>`. */
export interface Sender {
  name: string;
  email: string;
}
