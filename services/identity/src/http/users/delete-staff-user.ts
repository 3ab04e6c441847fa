import type { IdentityHandler } from '../../context';
import { deleteStaffUser as remove } from '../../use-cases/users/staff-users';

/** DELETE /api/admin/delete-admin-user/{email} */
export const deleteStaffUser: IdentityHandler<'admin.deleteAdminUser'> = async ({ params, user }, ctx) => {
  await remove(ctx, user, params.email);
  return { success: true as const, message: 'Admin user deleted successfully!' };
};
