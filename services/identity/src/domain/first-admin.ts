import type { IdentityContext } from '../context';
import { User } from '../data/user.entity';
import { hashPassword } from './passwords';

/**
 * Makes sure the portal can be entered: creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD when no
 * admin exists. An existing admin is never changed by the environment.
 */
export async function ensureFirstAdmin(ctx: IdentityContext): Promise<void> {
  const users = ctx.db.getRepository(User);
  if (await users.existsBy({ role: 'admin' })) return;
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = ctx.config;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) {
    throw new Error('No admin exists yet: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first one');
  }
  await users
    .createQueryBuilder()
    .insert()
    .values({
      email: ADMIN_EMAIL.toLowerCase(),
      fullName: 'Administrator',
      role: 'admin',
      passwordHash: await hashPassword(ADMIN_PASSWORD),
      createdBy: 'system',
    })
    .orIgnore()
    .execute();
  ctx.logger.info({ email: ADMIN_EMAIL.toLowerCase() }, 'first admin created');
}
