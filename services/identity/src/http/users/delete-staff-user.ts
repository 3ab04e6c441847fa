import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { deleteStaffUser } from '../../use-cases/users/staff-users';

/** DELETE /api/admin/delete-admin-user/{email} */
export const deleteAdminUser: IdentityHandler<'admin.deleteAdminUser'> = async ({ params, user }, ctx) => {
  await deleteStaffUser(ctx, user, params.email);
  return succeeded({ message: 'Admin user deleted successfully!' });
};
