import { badRequest, conflict, HttpError } from '@portal/platform';
import { findInvitationDealer } from '../../data/invitation-dealers';
import { createInvitation, deleteDealerInvitations, INVITATION_TTL_DAYS } from '../../data/invitations';
import { assertEmailFree, findDealerLogin, type IdentityHandler, LOGIN_EXISTS } from './dealer-login-records';
import { invitationLink, invitationMail } from './invitation-mail';

/**
 * POST /api/admin/send-login-invitation/{dealer_id} — mails a single-use link valid 7 days. The dealer's
 * name and phone (shown on the signup form) come from the form, else from what identity knows of the dealer.
 */
export const sendLoginInvitation: IdentityHandler<'admin.sendLoginInvitation'> = async (
  { params, body, user },
  ctx,
) => {
  const token = await ctx.db.transaction(async (manager) => {
    if (await findDealerLogin(manager, params.dealer_id)) throw conflict(LOGIN_EXISTS);
    await assertEmailFree(manager, body.email);
    const dealer = await findInvitationDealer(manager, params.dealer_id);
    if (dealer?.archived) throw badRequest('Error: This dealer is archived');
    return createInvitation(
      manager,
      {
        dealer_id: params.dealer_id,
        email: body.email,
        business_name: body.business_name || dealer?.business_name || null,
        full_name: body.full_name || dealer?.full_name || null,
        phone: dealer?.phone ?? null,
      },
      user.email,
    );
  });
  const link = invitationLink(ctx.config.PUBLIC_BASE_URL, token);
  try {
    await ctx.mailer.send(
      invitationMail(body.email, body.full_name || body.business_name || null, link, INVITATION_TTL_DAYS),
    );
  } catch (err) {
    // an invitation nobody received must not stay usable
    await deleteDealerInvitations(ctx.db.manager, params.dealer_id);
    ctx.logger.warn({ err: (err as Error).message, dealerId: params.dealer_id }, 'invitation mail failed');
    throw new HttpError(502, 'Error: The invitation email could not be sent. Please check the email settings.');
  }
  ctx.logger.info({ dealerId: params.dealer_id, by: user.email }, 'dealer invitation sent');
  return { success: true as const, message: 'Login invitation sent successfully!' };
};
