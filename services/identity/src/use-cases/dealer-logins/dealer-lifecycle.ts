import type { DealerSnapshot } from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import {
  forgetInvitationDealer,
  setDealerArchived,
  upsertInvitationDealer,
  upsertInvitationDealers,
} from '../../data/invitation-dealers';
import { deleteDealerInvitations } from '../../data/invitations';
import { revokeUserSessions } from '../../data/sessions';
import {
  clearAwaitingDealer,
  deleteDealerLogin,
  deleteLoginsAwaitingLongerThan,
  setDealerLoginActive,
} from '../../data/users';

/**
 * Identity's side of the dealer lifecycle (from the dealer service's events): it keeps each dealer's name
 * and phone for invitations, and the dealer's status decides its login — archived cannot sign in (its
 * sessions end), restored can again, deleted loses its login. Each runs in the consumer's transaction.
 */

/** dealer.created / dealer.updated, one or many (a bulk import): remembered, and their logins stop waiting. */
export async function rememberDealers(manager: EntityManager, dealers: DealerSnapshot[]): Promise<void> {
  if (dealers.length === 1) await upsertInvitationDealer(manager, dealers[0] as DealerSnapshot);
  else await upsertInvitationDealers(manager, dealers);
  await clearAwaitingDealer(
    manager,
    dealers.map((dealer) => dealer.dealer_id),
  );
}

/** dealer.archived: the login stays (history) but is inactive, and every session of it ends. */
export async function archiveDealer(manager: EntityManager, dealerId: string): Promise<void> {
  await setDealerArchived(manager, dealerId, true);
  const logins = await setDealerLoginActive(manager, dealerId, false);
  await revokeUserSessions(manager, logins);
}

/** dealer.restored: the login works again. */
export async function restoreDealer(manager: EntityManager, dealerId: string): Promise<void> {
  await setDealerArchived(manager, dealerId, false);
  await setDealerLoginActive(manager, dealerId, true);
}

/** dealer.deleted: the login (its sessions ended), open invitations and what identity knew of the dealer go. */
export async function forgetDealer(manager: EntityManager, dealerId: string): Promise<void> {
  const login = await deleteDealerLogin(manager, dealerId);
  if (login) await revokeUserSessions(manager, [login]);
  await deleteDealerInvitations(manager, dealerId);
  await forgetInvitationDealer(manager, dealerId);
}

/**
 * The reconcile step of create-dealer: a login made for a dealer that identity has still not heard of after
 * the grace period (LOGIN_AWAITING_DEALER_GRACE_MINUTES) belongs to a dealer that was never stored (the
 * dealer service failed or crashed after calling identity), so it is deleted and its sessions end.
 */
export async function deleteLoginsOfMissingDealers(ctx: IdentityContext): Promise<number> {
  const graceSeconds = ctx.config.LOGIN_AWAITING_DEALER_GRACE_MINUTES * 60;
  const deleted = await ctx.db.transaction(async (manager) => {
    const rows = await deleteLoginsAwaitingLongerThan(manager, graceSeconds);
    await revokeUserSessions(
      manager,
      rows.map((row) => row.id),
    );
    return rows;
  });
  for (const { dealer_id } of deleted) {
    ctx.logger.warn({ dealerId: dealer_id }, 'deleted a dealer login whose dealer was never created');
  }
  return deleted.length;
}
