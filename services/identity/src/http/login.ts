import { type endpoints, MAINTENANCE_DETAIL } from '@portal/contracts';
import { type Handler, serviceUnavailable, unauthorized } from '@portal/platform';
import type { IdentityContext } from '../context';
import { User } from '../data/user.entity';
import { burnPasswordCheck, verifyPassword } from '../domain/passwords';
import { isUnderMaintenance } from '../domain/settings/system-configuration';
import { tokenSigner } from '../domain/token-signer';

const WRONG_CREDENTIALS = 'Incorrect email or password';

/**
 * POST /api/auth/login — one message for every failure, so it tells nothing about which accounts exist.
 * Under maintenance only admins may sign in.
 */
export const login: Handler<(typeof endpoints)['auth.login'], IdentityContext> = async ({ body }, ctx) => {
  const users = ctx.db.getRepository(User);
  const user = await users.findOneBy({ email: body.email });
  if (!user) {
    await burnPasswordCheck(body.password);
    throw unauthorized(WRONG_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, body.password))) throw unauthorized(WRONG_CREDENTIALS);
  if (!user.isActive) throw unauthorized('This account is not active. Please contact administration.');
  // checked after the password, so the answer tells a stranger nothing about the account
  if (user.role !== 'admin' && (await isUnderMaintenance(ctx.db.manager))) throw serviceUnavailable(MAINTENANCE_DETAIL);

  await users.update({ id: user.id }, { lastLogin: new Date() });
  const { token, expiresIn } = tokenSigner(ctx).sign({
    sub: user.id,
    email: user.email,
    name: user.fullName,
    role: user.role,
    dealerId: user.dealerId,
  });
  return {
    success: true as const,
    access_token: token,
    token_type: 'bearer' as const,
    expires_in: expiresIn,
    user: { email: user.email, full_name: user.fullName, role: user.role, dealer_id: user.dealerId },
  };
};
