import type { AdminUser, StaffUserListQuery } from '@portal/contracts';
import {
  type AuthUser,
  badRequest,
  conflict,
  notFound,
  type Page,
  recordAudit,
  temporaryPassword,
} from '@portal/platform';
import type { IdentityContext } from '../../context';
import { usersWithMfa } from '../../data/mfa';
import { revokeUserSessions } from '../../data/sessions';
import { deleteUser, findUserByEmail, insertUser, listStaffUsers, lockAdmins, type UserRecord } from '../../data/users';
import { hashPassword } from '../../domain/passwords';
import { userAuditFields } from '../audit/audited-users';

const EMAIL_TAKEN = 'Error: A user with this email already exists';

/** An admin or delivery user as the Admin Users list shows it. */
export function staffUserView(user: UserRecord, mfaEnabled = false): AdminUser {
  if (user.role === 'dealer') throw new Error('a dealer login is not a staff user');
  return {
    email: user.email,
    full_name: user.full_name,
    role: user.role,
    created_at: user.created_at.toISOString(),
    created_by: user.created_by,
    mfa_enabled: mfaEnabled,
  };
}

/**
 * The admin and delivery users, oldest first unless sorted, searched and filtered by role; a page when asked
 * for (dealer logins are shown on their dealers).
 */
export async function staffUsers(ctx: IdentityContext, query: StaffUserListQuery = {}): Promise<Page<AdminUser>> {
  const { limit, cursor, sort, q, role } = query;
  const page = await listStaffUsers(ctx.db.manager, { q, roles: role }, { limit, cursor, sort });
  const withMfa = await usersWithMfa(
    ctx.db.manager,
    page.rows.map((user) => user.id),
  );
  return { ...page, rows: page.rows.map((user) => staffUserView(user, withMfa.has(user.id))) };
}

/**
 * An admin or delivery user with a random temporary password, answered once (only its argon2id hash is
 * kept).
 */
export async function createStaffUser(
  ctx: IdentityContext,
  admin: AuthUser,
  user: { email: string; full_name: string; role: 'admin' | 'delivery' },
): Promise<{ user: AdminUser; temporaryPassword: string }> {
  const password = temporaryPassword();
  const passwordHash = await hashPassword(password);
  const created = await ctx.transaction(async (manager, emit) => {
    const inserted = await insertUser(manager, { ...user, password_hash: passwordHash, created_by: admin.email });
    if (inserted)
      await recordAudit(emit, {
        action: 'user.created',
        entity: 'user',
        entity_id: inserted.email,
        after: userAuditFields(inserted),
      });
    return inserted;
  });
  if (!created) throw conflict(EMAIL_TAKEN);
  ctx.logger.info({ email: created.email, role: created.role, by: admin.email }, 'staff user created');
  return { user: staffUserView(created), temporaryPassword: password };
}

/**
 * Deletes an admin or delivery user and ends its sessions. Refuses the caller's own account and the last
 * admin; dealer logins are deleted from the dealer's page, not here.
 */
export async function deleteStaffUser(ctx: IdentityContext, admin: AuthUser, email: string): Promise<void> {
  await ctx.transaction(async (manager, emit) => {
    const admins = await lockAdmins(manager);
    const target = await findUserByEmail(manager, email);
    if (!target || target.role === 'dealer') throw notFound('Error: Admin user not found');
    if (target.id === admin.sub) throw badRequest('Error: You cannot delete your own account');
    if (target.role === 'admin' && admins.length <= 1) throw conflict('Error: The last admin cannot be deleted');
    await revokeUserSessions(manager, [target.id]);
    await deleteUser(manager, target.id);
    await recordAudit(emit, {
      action: 'user.deleted',
      entity: 'user',
      entity_id: target.email,
      before: userAuditFields(target),
    });
  });
  await ctx.sessions.sync();
  ctx.logger.info({ email, by: admin.email }, 'staff user deleted');
}
