import { type AuthUser, badRequest, conflict, notFound, recordAudit } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { deleteMfa } from '../../data/mfa';
import { revokeUserSessions } from '../../data/sessions';
import { findUserByEmail } from '../../data/users';

/**
 * An admin turns off another staff user's two-factor sign-in (a lost phone): the secret and recovery codes
 * go and the user's sessions end, so the next sign-in is with the password alone (or enrols again where the
 * company requires it). Not the admin's own (that is Profile's, with the password).
 */
export async function resetUserMfa(ctx: IdentityContext, admin: AuthUser, email: string): Promise<void> {
  await ctx.transaction(async (manager, emit) => {
    const target = await findUserByEmail(manager, email);
    if (!target || target.role === 'dealer') throw notFound('Error: Staff user not found');
    if (target.id === admin.sub) {
      throw badRequest('Error: You cannot reset your own two-factor sign-in here; turn it off in your Profile');
    }
    if (!(await deleteMfa(manager, target.id))) throw conflict('Error: This user has no two-factor sign-in');
    await revokeUserSessions(manager, [target.id]);
    await recordAudit(emit, {
      action: 'user.mfa_reset',
      entity: 'user',
      entity_id: target.email,
      before: { mfa_enabled: true },
      after: { mfa_enabled: false },
    });
  });
  await ctx.sessions.sync();
  ctx.logger.info({ email, by: admin.email }, 'two-factor sign-in reset');
}
