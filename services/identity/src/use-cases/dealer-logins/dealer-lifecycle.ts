import { type DealerChanges, dealerDirectory } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { IdentityContext } from '../../context';
import { deleteDealerInvitations } from '../../data/invitations';
import { type KNOWN_DEALER_FIELDS, KNOWN_DEALERS } from '../../data/known-dealers';
import { revokeUserSessions } from '../../data/sessions';
import {
  clearAwaitingDealer,
  deleteDealerLoginRow,
  deleteLoginsAwaitingLongerThan,
  setDealerLoginActive,
} from '../../data/users';

/**
 * Identity's side of the dealer lifecycle (from the dealer service's events, kept by the platform's dealer read
 * model): it keeps each dealer's name and phone for invitations, and the dealer's status decides its login —
 * archived cannot sign in (its sessions end), restored can again, deleted loses its login. Only what the read
 * model actually changed acts on the login, so a late dealer.archived after a newer dealer.restored leaves the
 * login working. Each runs in the consumer's transaction.
 */
export const knownDealers = dealerDirectory({ ...KNOWN_DEALERS, onChange: dealersChanged });

async function dealersChanged(
  changes: DealerChanges<(typeof KNOWN_DEALER_FIELDS)[number]>,
  { manager }: { manager: EntityManager },
): Promise<void> {
  // heard of: their logins stop waiting
  await clearAwaitingDealer(
    manager,
    changes.fields.map(({ dealer }) => dealer.dealer_id),
  );
  for (const { dealer_id, archived } of changes.archived) {
    if (archived) await archiveLogin(manager, dealer_id);
    else await setDealerLoginActive(manager, dealer_id, true);
  }
  for (const dealerId of changes.deleted) await removeLogin(manager, dealerId);
}

/** dealer.archived: the login stays (history) but is inactive, and every session of it ends. */
async function archiveLogin(manager: EntityManager, dealerId: string): Promise<void> {
  const logins = await setDealerLoginActive(manager, dealerId, false);
  await revokeUserSessions(manager, logins);
}

/** dealer.deleted: the login (its sessions ended) and open invitations go. */
async function removeLogin(manager: EntityManager, dealerId: string): Promise<void> {
  const login = await deleteDealerLoginRow(manager, dealerId);
  if (login) await revokeUserSessions(manager, [login]);
  await deleteDealerInvitations(manager, dealerId);
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
