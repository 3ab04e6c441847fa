import type { IdentityHandler } from '../../context';
import { createStaffUser as create } from '../../use-cases/users/staff-users';

/** POST /api/admin/create-admin-user */
export const createStaffUser: IdentityHandler<'admin.createAdminUser'> = async ({ body, user }, ctx) => {
  const created = await create(ctx, user, body);
  return {
    success: true as const,
    message: 'Admin user created successfully!',
    user: created.user,
    temporary_password: created.temporaryPassword,
  };
};
