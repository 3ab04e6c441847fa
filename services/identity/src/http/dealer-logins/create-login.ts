import { conflict } from '@portal/platform';
import { findInvitationDealer } from '../../data/invitation-dealers';
import { User } from '../../data/user.entity';
import { hashPassword } from '../../domain/passwords';
import {
  assertEmailFree,
  findDealerLogin,
  type IdentityHandler,
  LOGIN_EXISTS,
  loginInfo,
} from './dealer-login-records';

/**
 * POST /api/admin/create-dealer-login/{dealer_id} — a login with a password the admin chose (also how the
 * dealer service creates a new dealer's login with a temporary password). An archived dealer's login starts inactive.
 */
export const createDealerLogin: IdentityHandler<'admin.createDealerLogin'> = async (
  { params, body, user: admin },
  ctx,
) => {
  const passwordHash = await hashPassword(body.password);
  const user = await ctx.db.transaction(async (manager) => {
    if (await findDealerLogin(manager, params.dealer_id)) throw conflict(LOGIN_EXISTS);
    await assertEmailFree(manager, body.email);
    const dealer = await findInvitationDealer(manager, params.dealer_id);
    const users = manager.getRepository(User);
    return users.save(
      users.create({
        email: body.email,
        fullName: body.full_name || dealer?.full_name || dealer?.business_name || body.email,
        role: 'dealer',
        passwordHash,
        dealerId: params.dealer_id,
        isActive: !dealer?.archived,
        createdBy: admin.email,
      }),
    );
  });
  return {
    success: true as const,
    message: 'Login credentials created successfully! Dealer can now log in.',
    login_info: loginInfo(user),
  };
};
