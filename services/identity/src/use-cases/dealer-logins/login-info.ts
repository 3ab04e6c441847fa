import type { DealerLogin } from '@portal/contracts';
import type { IdentityContext } from '../../context';
import { findDealerLogin } from '../../data/users';
import { loginInfo } from './login-records';

/** A dealer's login, or null when it has none (the admin then creates one or invites the dealer). */
export async function readDealerLoginInfo(ctx: IdentityContext, dealerId: string): Promise<DealerLogin | null> {
  const user = await findDealerLogin(ctx.db.manager, dealerId);
  return user ? loginInfo(user) : null;
}
