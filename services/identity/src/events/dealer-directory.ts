import {
  DealerArchived,
  DealerCreated,
  DealerDeleted,
  DealerRestored,
  DealerUpdated,
  type EventEnvelope,
} from '@portal/contracts';
import type { EntityManager } from 'typeorm';
import {
  forgetInvitationDealer,
  setDealerArchived,
  upsertInvitationDealer,
  upsertInvitationDealers,
} from '../data/invitation-dealers';
import { deleteDealerInvitations } from '../data/invitations';
import { User } from '../data/user.entity';

/**
 * Identity's side of the dealer lifecycle: it keeps each dealer's name and phone for invitations, and the
 * dealer's status decides its login — archived cannot sign in, restored can again, deleted loses its login.
 */

/** dealer.created / dealer.updated */
export async function rememberDealer(envelope: EventEnvelope, manager: EntityManager): Promise<void> {
  const def = envelope.type === DealerCreated.type ? DealerCreated : DealerUpdated;
  await upsertInvitationDealer(manager, def.payload.parse(envelope.payload));
}

/** dealer.created / dealer.updated, many at once (a bulk import): one statement for the batch. */
export async function rememberDealers(envelopes: EventEnvelope[], manager: EntityManager): Promise<void> {
  await upsertInvitationDealers(
    manager,
    envelopes.map((envelope) => {
      const def = envelope.type === DealerCreated.type ? DealerCreated : DealerUpdated;
      return def.payload.parse(envelope.payload);
    }),
  );
}

/** dealer.archived: the login stays (history) but is inactive, so sign-in is refused. */
export async function dealerArchived(envelope: EventEnvelope, manager: EntityManager): Promise<void> {
  const { dealer_id } = DealerArchived.payload.parse(envelope.payload);
  await setDealerArchived(manager, dealer_id, true);
  await manager.getRepository(User).update({ dealerId: dealer_id, role: 'dealer' }, { isActive: false });
}

/** dealer.restored: the login works again. */
export async function dealerRestored(envelope: EventEnvelope, manager: EntityManager): Promise<void> {
  const { dealer_id } = DealerRestored.payload.parse(envelope.payload);
  await setDealerArchived(manager, dealer_id, false);
  await manager.getRepository(User).update({ dealerId: dealer_id, role: 'dealer' }, { isActive: true });
}

/** dealer.deleted: the login, open invitations and what identity knew of the dealer go. */
export async function dealerDeleted(envelope: EventEnvelope, manager: EntityManager): Promise<void> {
  const { dealer_id } = DealerDeleted.payload.parse(envelope.payload);
  await manager.getRepository(User).delete({ dealerId: dealer_id, role: 'dealer' });
  await deleteDealerInvitations(manager, dealer_id);
  await forgetInvitationDealer(manager, dealer_id);
}
