import type { DealerLogin } from '@portal/contracts';
import { notFound, recordAudit } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { revokeUserSessions } from '../../data/sessions';
import { findDealerLogin, updateUser } from '../../data/users';
import { hashPassword } from '../../domain/passwords';
import { userAuditFields } from '../audit/audited-users';
import { assertPasswordAcceptable } from '../auth/chosen-password';
import { assertEmailFree, loginInfo, NO_LOGIN } from './login-records';

/**
 * Changes a dealer login's email and, when one is given, its password; a new password ends every session
 * of the login (whoever held the old one is signed out).
 */
export async function changeDealerLogin(
  ctx: IdentityContext,
  dealerId: string,
  changes: { email: string; password?: string },
): Promise<DealerLogin> {
  if (changes.password) assertPasswordAcceptable(changes.password);
  const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
  const user = await ctx.transaction(async (manager, emit) => {
    const login = await findDealerLogin(manager, dealerId, true);
    if (!login) throw notFound(NO_LOGIN);
    await assertEmailFree(manager, changes.email, login.id);
    const updated = await updateUser(manager, login.id, { email: changes.email, password_hash: passwordHash });
    if (passwordHash) await revokeUserSessions(manager, [login.id]);
    await recordAudit(emit, {
      action: 'dealer_login.updated',
      entity: 'dealer_login',
      entity_id: dealerId,
      before: userAuditFields(login),
      after: userAuditFields(updated),
    });
    return updated;
  });
  if (passwordHash) await ctx.sessions.sync();
  return loginInfo(user);
}
