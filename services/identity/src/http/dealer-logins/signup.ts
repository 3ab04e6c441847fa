import { DealerSignupCompleted } from '@portal/contracts';
import { badRequest } from '@portal/platform';
import { findInvitationDealer } from '../../data/invitation-dealers';
import { findOpenInvitation, useInvitation } from '../../data/invitations';
import { User } from '../../data/user.entity';
import { hashPassword } from '../../domain/passwords';
import { assertEmailFree, findDealerLogin, type IdentityHandler } from './dealer-login-records';

const INVALID_OR_EXPIRED = 'Error: Invalid or expired invitation';

/** GET /api/dealer/verify-invitation?token= — what the signup form shows. */
export const verifyInvitation: IdentityHandler<'dealer.verifyInvitation'> = async ({ query }, ctx) => {
  const invitation = await findOpenInvitation(ctx.db.manager, query.token);
  if (!invitation) throw badRequest(INVALID_OR_EXPIRED);
  return {
    success: true as const,
    message: 'Invitation is valid',
    dealer_info: { business_name: invitation.business_name, full_name: invitation.full_name, phone: invitation.phone },
    email: invitation.email,
  };
};

/**
 * POST /api/dealer/complete-signup — uses the invitation up, sets the password (argon2id) on the dealer's
 * login (created, or activated if one exists), and tells the dealer service the name and phone entered.
 * All in one transaction: a refused signup leaves the invitation usable.
 */
export const completeSignup: IdentityHandler<'dealer.completeSignup'> = async ({ body }, ctx) => {
  const passwordHash = await hashPassword(body.password);
  await ctx.transaction(async (manager, emit) => {
    const invitation = await useInvitation(manager, body.token);
    if (!invitation) throw badRequest(INVALID_OR_EXPIRED);
    const dealer = await findInvitationDealer(manager, invitation.dealer_id);
    if (dealer?.archived) throw badRequest(INVALID_OR_EXPIRED);
    const users = manager.getRepository(User);
    const login =
      (await findDealerLogin(manager, invitation.dealer_id)) ??
      users.create({ role: 'dealer', dealerId: invitation.dealer_id });
    await assertEmailFree(manager, invitation.email, login.id);
    Object.assign(login, { email: invitation.email, fullName: body.full_name, passwordHash, isActive: true });
    login.createdBy ??= 'invitation';
    await users.save(login);
    await emit(DealerSignupCompleted, invitation.dealer_id, {
      dealer_id: invitation.dealer_id,
      email: invitation.email,
      full_name: body.full_name,
      phone: body.phone || null,
    });
  });
  return { success: true as const, message: 'Account created successfully! You can now sign in.' };
};
