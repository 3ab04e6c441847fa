import { type Dealer, DealerApplicationApproved, DealerApplicationRejected } from '@portal/contracts';
import { badRequest, type Emit, recordAudit } from '@portal/platform';
import type { DealerContext } from '../context';
import { addNote } from '../data/dealer-notes';
import { lockDealerStatus, markActive, markArchived, removeDealer, type StatusRow } from '../data/dealer-status';
import { getDealer } from '../data/dealers';
import { removeHeaderImageFile } from '../data/header-image';
import { type StatusAction, statusChange } from '../domain/dealer-status';

/**
 * Applies one status action to a dealer, in one transaction with its events (the rule decides whether it is
 * allowed; a refusal is a 400 naming why).
 */
async function changeStatus(
  ctx: DealerContext,
  dealerId: string,
  action: StatusAction,
  note?: { text: string; by: string },
) {
  await ctx.transaction(async (manager, emit) => {
    const dealer = await lockDealerStatus(manager, dealerId);
    const change = statusChange(dealer.status, action);
    if (!change.allowed) throw badRequest(change.reason);
    const before = await getDealer(manager, dealerId);
    if (change.to === 'active') await markActive(manager, emit, dealer);
    else if (change.to === 'archived') await markArchived(manager, emit, dealer);
    else await removeDealer(manager, emit, dealer);
    if (note) await addNote(manager, dealerId, note.text, note.by);
    await recordAudit(emit, {
      action: STATUS_AUDIT_ACTIONS[action],
      entity: 'dealer',
      entity_id: dealerId,
      before,
      after: change.to === 'deleted' ? null : await getDealer(manager, dealerId),
    });
    // a decision on an application is the applicant's news too: identity mails the invitation or the refusal
    if ((action === 'approve' || action === 'reject') && note) await emitDecision(emit, dealer, action, note.by);
  });
}

/** What the audit log calls each status action. */
const STATUS_AUDIT_ACTIONS: Record<StatusAction, string> = {
  approve: 'dealer.application_approved',
  reject: 'dealer.application_rejected',
  archive: 'dealer.archived',
  restore: 'dealer.restored',
  delete: 'dealer.deleted',
};

async function emitDecision(emit: Emit, dealer: StatusRow, action: 'approve' | 'reject', by: string) {
  const applicant = {
    dealer_id: dealer.dealer_id,
    email: dealer.email,
    business_name: dealer.business_name,
    full_name: dealer.full_name,
  };
  if (action === 'approve') await emit(DealerApplicationApproved, dealer.dealer_id, { ...applicant, approved_by: by });
  else await emit(DealerApplicationRejected, dealer.dealer_id, { ...applicant, rejected_by: by });
}

/** Hidden from lists, the map, new orders and sign-in; history kept. */
export const moveDealerToArchive = (ctx: DealerContext, dealerId: string) => changeStatus(ctx, dealerId, 'archive');

export const restoreDealerFromArchive = (ctx: DealerContext, dealerId: string) =>
  changeStatus(ctx, dealerId, 'restore');

/** Permanent: the record, its notes and its header image. */
export async function deleteDealerForGood(ctx: DealerContext, dealerId: string): Promise<void> {
  await changeStatus(ctx, dealerId, 'delete');
  await removeHeaderImageFile(ctx, dealerId);
}

/**
 * Processes a pending dealer (an applicant): `approve` makes it active (announced with dealer.created) and emits
 * dealer.application_approved, `reject` archives it and emits dealer.application_rejected, in the same
 * transaction; any other status is refused (400). The decision joins the dealer's notes, with the admin's notes
 * when given. Answers the dealer as it is now.
 */
export async function processPendingDealer(
  ctx: DealerContext,
  decision: { dealerId: string; action: 'approve' | 'reject'; notes?: string | undefined; adminName: string },
): Promise<Dealer> {
  const word = decision.action === 'approve' ? 'Approved' : 'Rejected';
  await changeStatus(ctx, decision.dealerId, decision.action, {
    text: decision.notes ? `${word}: ${decision.notes}` : word,
    by: decision.adminName,
  });
  return getDealer(ctx.db.manager, decision.dealerId);
}
