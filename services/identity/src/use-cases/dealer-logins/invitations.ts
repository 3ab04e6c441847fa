import { DealerSignupCompleted, type InvitationDealerInfo } from '@portal/contracts';
import { type AuthUser, badRequest, conflict, HttpError, type MailMessage, recordAudit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { IdentityContext } from '../../context';
import {
  createInvitation,
  deleteDealerInvitations,
  findOpenInvitation,
  INVITATION_TTL_DAYS,
  useInvitation,
} from '../../data/invitations';
import { findKnownDealer } from '../../data/known-dealers';
import { revokeUserSessions } from '../../data/sessions';
import { findDealerLogin, insertUser, updateUser } from '../../data/users';
import { invitationLink, invitationMail } from '../../domain/invitation-mail';
import { hashPassword } from '../../domain/passwords';
import { admitAttempt, countAttempt } from '../../throttling/attempt-throttles';
import { assertPasswordAcceptable } from '../auth/chosen-password';
import { mailFailureForAdmin, sendProductMail } from '../mail/product-mail';
import { assertEmailFree, LOGIN_EXISTS } from './login-records';

const INVALID_OR_EXPIRED = 'Error: Invalid or expired invitation';
const DEALER_ARCHIVED = 'Error: This dealer is archived';
const TOO_MANY_WRONG_LINKS = 'Too many invalid invitation links from your address.';

/**
 * Mails a dealer a single-use link valid 7 days (prepareInvitation). Throttled per admin and per dealer: each
 * invitation is a real mail.
 */
export async function inviteDealer(
  ctx: IdentityContext,
  admin: AuthUser,
  dealerId: string,
  form: { email: string; business_name?: string; full_name?: string },
): Promise<void> {
  const throttles = ctx.deps.attemptThrottles;
  await countAttempt(throttles.invitationsByDealer, dealerId, 'Too many invitations were sent to this dealer.');
  try {
    await countAttempt(throttles.invitationsByAdmin, admin.sub, 'Too many invitations were sent.');
  } catch (err) {
    // nothing was sent: the dealer's count gets its invitation back
    await throttles.invitationsByDealer.reward(dealerId);
    throw err;
  }
  const mail = await ctx.transaction(async (manager, emit) => {
    const prepared = await prepareInvitation(ctx, manager, dealerId, form, admin.email);
    await recordAudit(emit, {
      action: 'invitation.created',
      entity: 'invitation',
      entity_id: dealerId,
      after: { email: form.email, business_name: form.business_name, full_name: form.full_name },
    });
    return prepared;
  });
  try {
    await sendProductMail(ctx, mail, 'requested_by_admin');
  } catch (err) {
    // an invitation nobody received must not stay usable
    await deleteDealerInvitations(ctx.db.manager, dealerId);
    ctx.logger.warn({ err: (err as Error).message, dealerId }, 'invitation mail failed');
    throw new HttpError(
      502,
      `Error: The invitation email could not be sent: ${mailFailureForAdmin(err)} Please check the email settings.`,
    );
  }
  ctx.logger.info({ dealerId, by: admin.email }, 'dealer invitation sent');
}

/**
 * Stores a new invitation of a dealer (any earlier unused one stops working) and answers the mail that carries
 * its link; the caller sends it. Refused (409/400) when the dealer already has a login, the email is another
 * login's, or the dealer is archived. The dealer's name and phone (shown on the signup form) come from
 * `invitee`, else from what identity knows of the dealer.
 */
export async function prepareInvitation(
  ctx: IdentityContext,
  manager: EntityManager,
  dealerId: string,
  invitee: { email: string; business_name?: string | null; full_name?: string | null },
  createdBy: string,
): Promise<MailMessage> {
  if (await findDealerLogin(manager, dealerId)) throw conflict(LOGIN_EXISTS);
  await assertEmailFree(manager, invitee.email);
  const dealer = await findKnownDealer(manager, dealerId);
  if (dealer?.archived) throw badRequest(DEALER_ARCHIVED);
  const token = await createInvitation(
    manager,
    {
      dealer_id: dealerId,
      email: invitee.email,
      business_name: invitee.business_name || dealer?.business_name || null,
      full_name: invitee.full_name || dealer?.full_name || null,
      phone: dealer?.phone ?? null,
    },
    createdBy,
  );
  const link = invitationLink(ctx.config.PUBLIC_BASE_URL, token);
  return invitationMail(invitee.email, invitee.full_name || invitee.business_name || null, link, INVITATION_TTL_DAYS);
}

/**
 * The open invitation of a token, or 400; a wrong token counts against the caller's address (counted before
 * the look-up, so a burst of guesses on any replica is judged as if one came after the other).
 */
async function checkInvitationToken(ctx: IdentityContext, token: string, address: string) {
  const attempt = await admitAttempt(ctx.deps.attemptThrottles.invitationTokens, address, TOO_MANY_WRONG_LINKS);
  const invitation = await findOpenInvitation(ctx.db.manager, token).catch(async (err: unknown) => {
    await attempt.succeeded();
    throw err;
  });
  if (!invitation) {
    await attempt.failed();
    throw badRequest(INVALID_OR_EXPIRED);
  }
  await attempt.succeeded();
  return invitation;
}

/** What the signup form shows for an invitation token; wrong tokens are throttled per address. */
export async function checkInvitation(
  ctx: IdentityContext,
  token: string,
  address: string,
): Promise<{ email: string; dealer_info: z.infer<typeof InvitationDealerInfo> }> {
  const invitation = await checkInvitationToken(ctx, token, address);
  return {
    email: invitation.email,
    dealer_info: { business_name: invitation.business_name, full_name: invitation.full_name, phone: invitation.phone },
  };
}

/**
 * Accepts an invitation: uses it up, sets the password (argon2id) on the dealer's login (created, or
 * activated if one exists), and tells the dealer service the name and phone entered. The token is checked
 * (one indexed lookup) before the password is hashed, so a stranger with made-up tokens cannot make the
 * server hash; wrong tokens are throttled per address. The invitation is used up in the transaction that
 * saves the login: a refused signup leaves it usable, and of two concurrent signups exactly one wins.
 */
export async function signUpWithInvitation(
  ctx: IdentityContext,
  form: { token: string; password: string; full_name: string; phone?: string },
  address: string,
): Promise<void> {
  assertPasswordAcceptable(form.password);
  await checkInvitationToken(ctx, form.token, address);
  const passwordHash = await hashPassword(form.password);
  await ctx.transaction(async (manager, emit) => {
    const invitation = await useInvitation(manager, form.token);
    if (!invitation) throw badRequest(INVALID_OR_EXPIRED);
    const dealer = await findKnownDealer(manager, invitation.dealer_id);
    if (dealer?.archived) throw badRequest(INVALID_OR_EXPIRED);
    const login = await findDealerLogin(manager, invitation.dealer_id, true);
    await assertEmailFree(manager, invitation.email, login?.id);
    if (login) {
      await updateUser(manager, login.id, {
        email: invitation.email,
        full_name: form.full_name,
        password_hash: passwordHash,
        is_active: true,
      });
      // whoever held the login's old password is signed out
      await revokeUserSessions(manager, [login.id]);
    } else {
      await insertUser(manager, {
        email: invitation.email,
        full_name: form.full_name,
        role: 'dealer',
        password_hash: passwordHash,
        dealer_id: invitation.dealer_id,
        created_by: 'invitation',
      });
    }
    await emit(DealerSignupCompleted, invitation.dealer_id, {
      dealer_id: invitation.dealer_id,
      email: invitation.email,
      full_name: form.full_name,
      phone: form.phone || null,
    });
  });
  await ctx.sessions.sync();
}
