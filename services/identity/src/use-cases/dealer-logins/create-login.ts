import type { DealerLogin } from '@portal/contracts';
import { type AuthUser, conflict, recordAudit } from '@portal/platform';
import type { IdentityContext } from '../../context';
import { findKnownDealer } from '../../data/known-dealers';
import { findDealerLogin, insertUser, type UserRecord } from '../../data/users';
import { hashPassword, verifyPassword } from '../../domain/passwords';
import { userAuditFields } from '../audit/audited-users';
import { assertPasswordAcceptable } from '../auth/chosen-password';
import { assertEmailFree, LOGIN_EXISTS, loginInfo } from './login-records';

export interface NewDealerLogin {
  email: string;
  password: string;
  full_name?: string;
}

/**
 * A dealer login with a password the admin chose (also how the dealer service creates a new dealer's login
 * with a temporary password, before it stores the dealer). Idempotent by dealer id: repeating the call with
 * the same email and password answers the login already made (a retry after a lost answer), anything else
 * for a dealer that has a login is a conflict. A login for a dealer identity has not heard of yet waits for
 * its dealer (`dealer.created` ends the wait; reconcile-awaiting-logins deletes it if the dealer never
 * comes). An archived dealer's login starts inactive.
 */
export async function createLoginForDealer(
  ctx: IdentityContext,
  admin: AuthUser,
  dealerId: string,
  login: NewDealerLogin,
): Promise<DealerLogin> {
  assertPasswordAcceptable(login.password);
  const existing = await findDealerLogin(ctx.db.manager, dealerId);
  if (existing) return sameLoginAgain(existing, login);
  const passwordHash = await hashPassword(login.password);
  const created = await ctx.transaction(async (manager, emit) => {
    await assertEmailFree(manager, login.email);
    const dealer = await findKnownDealer(manager, dealerId);
    const inserted = await insertUser(manager, {
      email: login.email,
      full_name: login.full_name || dealer?.full_name || dealer?.business_name || login.email,
      role: 'dealer',
      password_hash: passwordHash,
      dealer_id: dealerId,
      is_active: !dealer?.archived,
      created_by: admin.email,
      awaiting_dealer: !dealer,
    });
    // entity_id is the dealer's: the dealer's History shows its login's changes
    if (inserted)
      await recordAudit(emit, {
        action: 'dealer_login.created',
        entity: 'dealer_login',
        entity_id: dealerId,
        after: userAuditFields(inserted),
      });
    return inserted;
  });
  if (created) return loginInfo(created);
  // a concurrent call created it first (unique dealer_id or email): answer as the repeat it was
  const winner = await findDealerLogin(ctx.db.manager, dealerId);
  if (!winner) throw conflict('Error: This email is already used by another login');
  return sameLoginAgain(winner, login);
}

/** A repeat of the call that made `existing` (same email and password) answers it; anything else is a conflict. */
async function sameLoginAgain(existing: UserRecord, login: NewDealerLogin): Promise<DealerLogin> {
  if (existing.email === login.email && (await verifyPassword(existing.password_hash, login.password))) {
    return loginInfo(existing);
  }
  throw conflict(LOGIN_EXISTS);
}
