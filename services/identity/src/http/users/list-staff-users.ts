import { succeeded } from '@portal/contracts';
import type { IdentityHandler } from '../../context';
import { staffUsers } from '../../use-cases/users/staff-users';

/** GET /api/admin/users — every admin and delivery user, or one page of them. */
export const listStaffUsers: IdentityHandler<'admin.users'> = async ({ query }, ctx) => {
  const { rows, page } = await staffUsers(ctx, query);
  return succeeded({ users: rows, ...page });
};
