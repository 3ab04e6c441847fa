import { z } from 'zod';
import { Email } from './common';
import { access, endpoint } from './endpoint';
import { storableString } from './fields';

/**
 * Service-to-service answers that are not part of the public API (the gateway never routes them).
 */

/** One revoked session: its id and when its tokens expire anyway (after that it need not be remembered). */
export const RevokedSession = z.object({
  sid: z.string().min(1),
  expires_at: z.string().describe('ISO 8601 timestamp'),
});
export type RevokedSession = z.infer<typeof RevokedSession>;

/**
 * GET /internal/session-revocations?after=N (served by identity): the sessions revoked after cursor N that
 * have not expired yet, and the cursor to ask from next time (the highest revocation number seen).
 */
export const SESSION_REVOCATIONS_PATH = '/internal/session-revocations';
export const SessionRevocationsAnswer = z.object({
  cursor: z.number().int().nonnegative(),
  revoked: z.array(RevokedSession),
});
export type SessionRevocationsAnswer = z.infer<typeof SessionRevocationsAnswer>;
export const SessionRevocationsQuery = z.object({
  after: z.coerce.number().int().nonnegative().default(0),
});

/**
 * The largest attachment a service may ask identity to mail, decoded (an invoice PDF of a long order is tens
 * of kilobytes): 5 MiB in all, base64 in the JSON body.
 */
export const MAIL_ATTACHMENTS_MAX_BYTES = 5 * 1024 * 1024;
const MAX_ATTACHMENTS = 5;
/** base64 text of `bytes` bytes */
const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;
/** the decoded size of base64 text (its padding does not count) */
const decodedBytes = (base64: string) => (base64.length / 4) * 3 - (base64.match(/=*$/)?.[0].length ?? 0);

/** A plain file name: no folder, no control character, no quote (it is sent as a header parameter). */
const AttachmentFileName = storableString()
  .trim()
  .min(1)
  .max(200)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it refuses
  .regex(/^[^/\\"\u0000-\u001f\u007f]+$/, 'must be a plain file name (no folder, quote or control character)');

export const MailAttachmentInput = z.object({
  filename: AttachmentFileName,
  content_type: z
    .string()
    .regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i, 'must be a MIME type such as application/pdf'),
  content_base64: z.base64('must be base64').max(base64Length(MAIL_ATTACHMENTS_MAX_BYTES)),
});

/**
 * POST /internal/send-mail (served by identity, the product's one mail sender, which holds the Email
 * Settings): another service asks for a mail on an admin's behalf, forwarding the admin's own bearer token.
 * `purpose` names why (e.g. 'invoice') for the logs.
 */
export const SEND_MAIL_PATH = '/internal/send-mail';
export const SendMailRequest = z
  .object({
    to: z.array(Email).min(1).max(50),
    subject: storableString()
      .trim()
      .min(1)
      .max(300)
      .regex(/^[^\r\n]*$/, 'must be one line'),
    text: storableString().max(200_000),
    html: storableString().max(1_000_000).optional(),
    purpose: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be a short lower-case name such as invoice'),
    attachments: z.array(MailAttachmentInput).max(MAX_ATTACHMENTS).default([]),
  })
  .refine(
    (mail) =>
      mail.attachments.reduce((sum, file) => sum + decodedBytes(file.content_base64), 0) <= MAIL_ATTACHMENTS_MAX_BYTES,
    {
      path: ['attachments'],
      message: `the attachments are larger than ${MAIL_ATTACHMENTS_MAX_BYTES / 1024 / 1024} MiB in all`,
    },
  );
export type SendMailRequest = z.input<typeof SendMailRequest>;
/** Sent: the Message-ID it went out with. A failure answers 502 with `detail` (what to check, no address). */
export const SendMailAnswer = z.object({ sent: z.literal(true), message_id: z.string() });
export type SendMailAnswer = z.infer<typeof SendMailAnswer>;

/**
 * POST /internal/system-errors (served by identity): a service reports trouble that an admin must hear of even
 * when events cannot travel (an event parked in its dead letters, its outbox stuck, mail that keeps failing).
 * HTTP, not an event, because a stuck outbox or a dead broker is exactly what is reported. Identity mails the
 * notification email at most once per kind per hour (notify_system_errors); the answer says whether this report
 * was the one mailed. No token: the caller is another service's platform, which holds none; the gateway never
 * routes /internal/, and identity's hourly claim bounds what a caller can cause.
 */
export const SYSTEM_ERRORS_PATH = '/internal/system-errors';
export const SYSTEM_ERROR_KINDS = ['dead_letter', 'stuck_outbox', 'mail_failing'] as const;
export const SystemErrorKind = z.enum(SYSTEM_ERROR_KINDS);
export type SystemErrorKind = z.infer<typeof SystemErrorKind>;
export const SystemErrorReport = z.object({
  kind: SystemErrorKind,
  /** the reporting service's name */
  service: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be a service name'),
  /** what went wrong, for the admin (an event type and its error, the age of the oldest unsent event) */
  detail: storableString().max(2000),
  occurred_at: z.iso.datetime({ offset: true }).describe('ISO 8601 instant'),
});
export type SystemErrorReport = z.infer<typeof SystemErrorReport>;
export const SystemErrorAnswer = z.object({ notified: z.boolean() });
export type SystemErrorAnswer = z.infer<typeof SystemErrorAnswer>;

/**
 * GET /internal/staff-users/{email} (served by identity): an admin or delivery user by email, for a service that
 * keeps a reference to one (shipping, the driver of a route), with the caller's own bearer token forwarded. 404
 * when no admin or delivery user has the email (a dealer login is not a staff user).
 */
export const StaffUserParams = z.object({ email: Email });
export const StaffUserAnswer = z.object({
  user: z.object({
    email: z.string(),
    full_name: z.string(),
    role: z.enum(['admin', 'delivery']),
    is_active: z.boolean(),
  }),
});
export type StaffUserAnswer = z.infer<typeof StaffUserAnswer>;

/** The internal endpoints, declared like contract endpoints but outside its table: the gateway never routes them. */
export const internalEndpoints = {
  'internal.sendMail': endpoint({
    id: 'internal.sendMail',
    method: 'POST',
    path: SEND_MAIL_PATH,
    owner: 'identity',
    access: access.roles('admin'),
    summary: "Send a mail (with attachments) through the product's mail sender, on an admin's behalf",
    body: SendMailRequest,
    // the attachments' base64 and the text parts
    maxBodyBytes: base64Length(MAIL_ATTACHMENTS_MAX_BYTES) + 2 * 1024 * 1024,
    response: SendMailAnswer,
  }),
  'internal.systemErrors': endpoint({
    id: 'internal.systemErrors',
    method: 'POST',
    path: SYSTEM_ERRORS_PATH,
    owner: 'identity',
    access: access.public,
    summary: 'A service reports a dead-lettered event, a stuck outbox or failing mail (mailed at most hourly per kind)',
    body: SystemErrorReport,
    maxBodyBytes: 16 * 1024,
    response: SystemErrorAnswer,
  }),
  'internal.staffUser': endpoint({
    id: 'internal.staffUser',
    method: 'GET',
    path: '/internal/staff-users/{email}',
    owner: 'identity',
    access: access.roles('admin', 'delivery'),
    summary: 'An admin or delivery user by email (whether active), for a service that refers to one',
    params: StaffUserParams,
    response: StaffUserAnswer,
  }),
} as const;
