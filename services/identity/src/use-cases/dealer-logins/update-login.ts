import type { DealerLogin } from '@portal/contracts';
import { notFound } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { revokeUserSessions } from '../../data/sessions';
import { findDealerLogin, updateUser } from '../../data/users';
import { hashPassword } from '../../domain/passwords';
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
  const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
  const user = await ctx.db.transaction(async (manager) => {
    const login = await findDealerLogin(manager, dealerId, true);
    if (!login) throw notFound(NO_LOGIN);
    await assertEmailFree(manager, changes.email, login.id);
    const updated = await updateUser(manager, login.id, { email: changes.email, password_hash: passwordHash });
    if (passwordHash) await revokeUserSessions(manager, [login.id]);
    return updated;
  });
  if (passwordHash) await ctx.sessions.sync();
  return loginInfo(user);
}
