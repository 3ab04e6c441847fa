import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { createStaffUser } from '../../use-cases/users/staff-users';

/** POST /api/admin/create-admin-user */
export const createAdminUser: IdentityHandler<'admin.createAdminUser'> = async ({ body, user }, ctx) => {
  const created = await createStaffUser(ctx, user, body);
  return succeeded({
    message: 'Admin user created successfully!',
    user: created.user,
    temporary_password: created.temporaryPassword,
  });
};
