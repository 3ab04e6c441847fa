import type { endpoints } from '@portal/contracts';
import { conflict, type Handler } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { User } from '../../data/user.entity';
import { hashPassword } from '../../domain/passwords';
import { temporaryPassword } from '../../domain/temporary-password';
import { staffUserView } from './staff-user-view';

const EMAIL_TAKEN = 'Error: A user with this email already exists';

/**
 * POST /api/admin/create-admin-user — an admin or delivery user with a random temporary password, answered
 * once (only its argon2id hash is kept).
 */
export const createStaffUser: Handler<(typeof endpoints)['admin.createAdminUser'], IdentityContext> = async (
  { body, user: admin },
  ctx,
) => {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const users = ctx.db.getRepository(User);
  const inserted = await users
    .createQueryBuilder()
    .insert()
    .values({ email: body.email, fullName: body.full_name, role: body.role, passwordHash, createdBy: admin.email })
    .orIgnore()
    .returning('id')
    .execute();
  const id: unknown = inserted.raw[0]?.id;
  if (typeof id !== 'string') throw conflict(EMAIL_TAKEN);
  const created = await users.findOneByOrFail({ id });
  ctx.logger.info({ email: created.email, role: created.role, by: admin.email }, 'staff user created');
  return {
    success: true as const,
    message: 'Admin user created successfully!',
    user: staffUserView(created),
    temporary_password: password,
  };
};
