import { badRequest, conflict, HttpError, isUniqueViolation, type MailMessage } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import {
  createEmailChange,
  deleteOpenEmailChanges,
  EMAIL_CHANGE_TTL_HOURS,
  useEmailChange,
} from '../../data/email-changes';
import { emailTaken, findUserById, type UserRecord, updateUser } from '../../data/users';
import { emailChangeConfirmationMail, emailChangeLink, emailChangeNoticeMail } from '../../domain/email-change-mail';
import { sendProductMail } from '../mail/product-mail';

const INVALID_LINK =
  'Error: This confirmation link is invalid, already used or expired. Please change your email again.';
const EMAIL_TAKEN = 'Error: This email is already used by another account';

export interface EmailChangeMails {
  /** to the new address: the confirmation link */
  confirmation: MailMessage;
  /** to the current address: a change was requested */
  notice: MailMessage;
}

/**
 * Stores a change of the user's sign-in email to `newEmail` (any earlier unconfirmed one stops working) and
 * answers the mails to send once the transaction commits. Whether another account has the address is not
 * checked here: saying so would tell any signed-in user which accounts exist; the link's holder learns it.
 */
export async function prepareEmailChange(
  ctx: IdentityContext,
  manager: EntityManager,
  user: UserRecord,
  newEmail: string,
): Promise<EmailChangeMails> {
  const token = await createEmailChange(manager, user.id, newEmail);
  const link = emailChangeLink(ctx.config.PUBLIC_BASE_URL, token);
  return {
    confirmation: emailChangeConfirmationMail(newEmail, user.full_name, link, EMAIL_CHANGE_TTL_HOURS),
    notice: emailChangeNoticeMail(user.email, user.full_name, newEmail),
  };
}

/**
 * Sends the mails of a requested change. A link nobody received must not stay usable: when its mail fails the
 * change is dropped and the caller told (the profile's other changes are saved). The notice to the current
 * address is told when it can be; its failure is logged.
 */
export async function sendEmailChangeMails(ctx: IdentityContext, userId: string, mails: EmailChangeMails) {
  try {
    await sendProductMail(ctx, mails.confirmation, 'account');
  } catch (err) {
    await deleteOpenEmailChanges(ctx.db.manager, userId);
    ctx.logger.warn({ err: (err as Error).message, user: userId }, 'email change confirmation mail failed');
    throw new HttpError(
      502,
      'Error: The confirmation email could not be sent, so your email is unchanged. Please try again later.',
    );
  }
  try {
    await sendProductMail(ctx, mails.notice, 'account');
  } catch (err) {
    ctx.logger.warn({ err: (err as Error).message, user: userId }, 'email change notice to the old address failed');
  }
}

/**
 * Makes the email of a confirmation link the user's sign-in email: the token is used up in the transaction that
 * changes the email, so a refusal (the address became another account's) leaves the link usable until it
 * expires. A dealer login's dealer record keeps its own contact email, as before (the dealer edits that one).
 */
export async function confirmEmailChange(ctx: IdentityContext, token: string): Promise<{ email: string }> {
  try {
    return await ctx.db.transaction(async (manager) => {
      const change = await useEmailChange(manager, token);
      if (!change) throw badRequest(INVALID_LINK);
      const user = await findUserById(manager, change.user_id, true);
      if (!user) throw badRequest(INVALID_LINK);
      if (await emailTaken(manager, change.new_email, user.id)) throw conflict(EMAIL_TAKEN);
      const updated = await updateUser(manager, user.id, { email: change.new_email });
      ctx.logger.info({ user: user.id }, 'sign-in email changed');
      return { email: updated.email };
    });
  } catch (err) {
    throw isUniqueViolation(err) ? conflict(EMAIL_TAKEN) : err;
  }
}
