import type { SendMailRequest } from '@portal/contracts';
import { type AuthUser, describeMailError, HttpError } from '@portal/platform';
import type { z } from 'zod';
import type { IdentityContext } from '../../context';
import { StoredPasswordUnreadable } from '../../domain/settings/email-settings';
import { mailFailureForAdmin, sendProductMail } from './product-mail';

/**
 * A mail another service asks for on an admin's behalf (POST /internal/send-mail: an invoice with its PDF),
 * sent through the product's one mail sender as the admin's own action (so it goes out even while
 * notifications are turned off). Answers the Message-ID; a failure is a 502 whose detail says what to check.
 */
export async function sendRequestedMail(
  ctx: IdentityContext,
  admin: AuthUser,
  request: z.output<typeof SendMailRequest>,
): Promise<string> {
  const message = {
    to: request.to,
    subject: request.subject,
    text: request.text,
    html: request.html,
    attachments: request.attachments.map((file) => ({
      filename: file.filename,
      contentType: file.content_type,
      content: Buffer.from(file.content_base64, 'base64'),
    })),
  };
  try {
    const outcome = await sendProductMail(ctx, message, 'requested_by_admin');
    if (!outcome.sent) throw new Error(`mail not sent: ${outcome.reason}`);
    ctx.logger.info({ purpose: request.purpose, by: admin.email, messageId: outcome.messageId }, 'requested mail sent');
    return outcome.messageId;
  } catch (err) {
    ctx.logger.warn(
      { purpose: request.purpose, by: admin.email, err: describeMailError(err) },
      'requested mail failed',
    );
    throw new HttpError(502, err instanceof StoredPasswordUnreadable ? err.message : mailFailureForAdmin(err));
  }
}
