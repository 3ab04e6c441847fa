import { formatCents } from '@portal/contracts';

/**
 * Payment terms when an admin never set the dealer's own, until identity announces the company's default
 * (`default_payment_terms_days` of the system configuration; read it with `defaultTermsDays`): the fallback only.
 */
export const DEFAULT_PAYMENT_TERMS_DAYS = 30;

/** An order arriving while an invoice is more than this many days past its due date is held. */
export const PAST_DUE_HOLD_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the hold rule reads of a dealer when one of its orders arrives. */
export interface DealerCreditPosition {
  /** null: no credit limit */
  credit_limit_cents: number | null;
  /** non-cancelled orders' totals minus their payments, before the new order */
  unpaid_cents: number;
  /** when the oldest still-unpaid confirmed order became due (confirmed + terms days); null when none */
  oldest_unpaid_due_at: Date | null;
}

export const overCreditLimit = (limitCents: number) => `Over the credit limit of $${formatCents(limitCents)}`;
export const PAST_DUE_REASON = `An invoice is more than ${PAST_DUE_HOLD_DAYS} days past due`;

/** When an order confirmed at `confirmedAt` is due under `termsDays` payment terms. */
export const dueDate = (confirmedAt: Date, termsDays: number) => new Date(confirmedAt.getTime() + termsDays * DAY_MS);

/**
 * Why a new order of `orderCents` must be held, or null when it may go on. Held when it would take the unpaid
 * balance over the limit (reaching it exactly is within the limit) or when an invoice is more than 30 days past
 * due at `now` (exactly 30 days is not yet "more than").
 */
export function holdReason(position: DealerCreditPosition, orderCents: number, now: Date): string | null {
  const limit = position.credit_limit_cents;
  if (limit !== null && position.unpaid_cents + orderCents > limit) return overCreditLimit(limit);
  const due = position.oldest_unpaid_due_at;
  if (due && now.getTime() - due.getTime() > PAST_DUE_HOLD_DAYS * DAY_MS) return PAST_DUE_REASON;
  return null;
}

/** Statuses that confirm an order (and so need a released hold): every forward move out of pending. */
export const confirmsOrder = (status: string) => status !== 'pending' && status !== 'cancelled';
