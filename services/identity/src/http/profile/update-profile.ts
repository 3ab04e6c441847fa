import type { endpoints } from '@portal/contracts';
import { badRequest, conflict, type Handler, unauthorized } from '@portal/platform';
import { Not } from 'typeorm';
import type { IdentityContext } from '../../context';
import { isUniqueViolation } from '../../data/unique-violation';
import { User } from '../../data/user.entity';
import { hashPassword, verifyPassword } from '../../domain/passwords';

/**
 * POST /api/user/update-profile — the signed-in user's own name, email and, with the current password,
 * password. Other sessions stay valid; the old password stops working at once.
 */
export const updateProfile: Handler<(typeof endpoints)['user.updateProfile'], IdentityContext> = async (
  { body, user: caller },
  ctx,
) => {
  const newHash = body.new_password === undefined ? undefined : await hashPassword(body.new_password);
  const emailTaken = conflict('Error: This email is already used by another account');
  const user = await ctx
    .transaction(async (manager) => {
      const me = await manager.findOne(User, { where: { id: caller.sub }, lock: { mode: 'pessimistic_write' } });
      if (!me) throw unauthorized('Your account no longer exists. Please sign in again.');
      if (newHash !== undefined && !(await verifyPassword(me.passwordHash, body.current_password ?? ''))) {
        throw badRequest('Error: Current password is incorrect');
      }
      if (await manager.existsBy(User, { email: body.email, id: Not(me.id) })) {
        throw emailTaken;
      }
      me.fullName = body.full_name;
      me.email = body.email;
      if (newHash !== undefined) me.passwordHash = newHash;
      return manager.save(me);
    })
    .catch((err: unknown) => {
      throw isUniqueViolation(err) ? emailTaken : err;
    });
  ctx.logger.info({ user: user.id, passwordChanged: newHash !== undefined }, 'profile updated');
  return {
    success: true as const,
    message: 'Profile updated successfully!',
    user: { email: user.email, full_name: user.fullName, role: user.role, dealer_id: user.dealerId },
  };
};
