import type { IdentityHandler } from '../../context';
import { staffUsers } from '../../use-cases/users/staff-users';

/** GET /api/admin/users */
export const listStaffUsers: IdentityHandler<'admin.users'> = async (_input, ctx) => ({
  success: true as const,
  users: await staffUsers(ctx),
});
