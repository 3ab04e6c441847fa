import { notFound } from '@portal/platform';
import { User } from '../../data/user.entity';
import { hashPassword } from '../../domain/passwords';
import { assertEmailFree, findDealerLogin, type IdentityHandler, loginInfo, NO_LOGIN } from './dealer-login-records';

/** PUT /api/admin/update-dealer-login/{dealer_id} — the email, and the password only when one is given. */
export const updateDealerLogin: IdentityHandler<'admin.updateDealerLogin'> = async ({ params, body }, ctx) => {
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const user = await ctx.db.transaction(async (manager) => {
    const login = await findDealerLogin(manager, params.dealer_id);
    if (!login) throw notFound(NO_LOGIN);
    await assertEmailFree(manager, body.email, login.id);
    login.email = body.email;
    if (passwordHash) login.passwordHash = passwordHash;
    return manager.getRepository(User).save(login);
  });
  return { success: true as const, message: 'Login information updated successfully!', login_info: loginInfo(user) };
};
