import type { IdentityContext } from '../context';
import { adminExists, insertUser } from '../data/users';
import { hashPassword } from '../domain/passwords';

/**
 * Makes sure the portal can be entered: creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD when no
 * admin exists. An existing admin is never changed by the environment.
 */
export async function ensureFirstAdmin(ctx: IdentityContext): Promise<void> {
  if (await adminExists(ctx.db.manager)) return;
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = ctx.config;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) {
    throw new Error('No admin exists yet: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first one');
  }
  const email = ADMIN_EMAIL.toLowerCase();
  await insertUser(ctx.db.manager, {
    email,
    full_name: 'Administrator',
    role: 'admin',
    password_hash: await hashPassword(ADMIN_PASSWORD),
    created_by: 'system',
  });
  ctx.logger.info({ email }, 'first admin created');
}
