import type { endpoints } from '@portal/contracts';
import type { Handler } from '@portal/platform';
import { In } from 'typeorm';
import type { IdentityContext } from '../../context';
import { User } from '../../data/user.entity';
import { staffUserView } from './staff-user-view';

/** GET /api/admin/users — the admin and delivery users, oldest first (dealer logins are shown on dealers). */
export const listStaffUsers: Handler<(typeof endpoints)['admin.users'], IdentityContext> = async (_input, ctx) => {
  const users = await ctx.db.getRepository(User).find({
    where: { role: In(['admin', 'delivery']) },
    order: { createdAt: 'ASC', email: 'ASC' },
  });
  return { success: true as const, users: users.map(staffUserView) };
};
