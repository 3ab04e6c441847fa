/** Where a dealer stands: applied and waiting, active, or archived (hidden, history kept, restorable). */
export type DealerStatus = 'pending' | 'active' | 'archived';

/** What an admin can do to a dealer's status. */
export type StatusAction = 'approve' | 'reject' | 'archive' | 'restore' | 'delete';

export type StatusChange = { allowed: true; to: DealerStatus | 'deleted' } | { allowed: false; reason: string };

/**
 * The dealer lifecycle (000 §4): a pending applicant is approved (active) or rejected (archived); an active or
 * pending dealer can be archived; only an archived one restored; any dealer deleted.
 */
export function statusChange(from: DealerStatus, action: StatusAction): StatusChange {
  switch (action) {
    case 'approve':
      return from === 'pending' ? { allowed: true, to: 'active' } : { allowed: false, reason: NOT_PENDING };
    case 'reject':
      return from === 'pending' ? { allowed: true, to: 'archived' } : { allowed: false, reason: NOT_PENDING };
    case 'archive':
      return from === 'archived' ? { allowed: false, reason: ALREADY_ARCHIVED } : { allowed: true, to: 'archived' };
    case 'restore':
      return from === 'archived' ? { allowed: true, to: 'active' } : { allowed: false, reason: NOT_ARCHIVED };
    case 'delete':
      return { allowed: true, to: 'deleted' };
  }
}

export const NOT_PENDING = 'Error: Dealer is not pending';
export const ALREADY_ARCHIVED = 'Error: Dealer is already archived';
export const NOT_ARCHIVED = 'Error: Dealer is not archived';
