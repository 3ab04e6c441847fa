import type { endpoints } from '@portal/contracts';
import { badRequest, conflict, type Handler, notFound } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { User } from '../../data/user.entity';

/**
 * DELETE /api/admin/delete-admin-user/{email} — an admin or delivery user. Refuses the caller's own account
 * and the last admin; dealer logins are deleted from the dealer's page, not here.
 */
export const deleteStaffUser: Handler<(typeof endpoints)['admin.deleteAdminUser'], IdentityContext> = async (
  { params, user: admin },
  ctx,
) => {
  await ctx.transaction(async (manager) => {
    // Every delete locks the admins first, in one order: two admins deleting each other cannot both succeed
    // (nor deadlock), so one admin always remains.
    const admins: { id: string }[] = await manager.query(
      `SELECT id FROM users WHERE role = 'admin' ORDER BY id FOR UPDATE`,
    );
    const target = await manager.findOneBy(User, { email: params.email });
    if (!target || target.role === 'dealer') throw notFound('Error: Admin user not found');
    if (target.id === admin.sub) throw badRequest('Error: You cannot delete your own account');
    if (target.role === 'admin' && admins.length <= 1) throw conflict('Error: The last admin cannot be deleted');
    await manager.delete(User, { id: target.id });
  });
  ctx.logger.info({ email: params.email, by: admin.email }, 'staff user deleted');
  return { success: true as const, message: 'Admin user deleted successfully!' };
};
