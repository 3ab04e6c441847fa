import { type ReadModelWrite, upsertIfNewer } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import { DEFAULT_PAYMENT_TERMS_DAYS, type DealerCreditPosition } from '../domain/credit-hold';

/** A dealer's terms as stored: null days means the default terms, a null limit means no limit. */
export interface DealerTermsRecord {
  dealer_id: string;
  payment_terms_days: number | null;
  credit_limit_cents: number | null;
}

interface TermsRow {
  dealer_id: string;
  payment_terms_days: number | null;
  credit_limit_cents: string | null;
}

const termsOf = (row: TermsRow): DealerTermsRecord => ({
  dealer_id: row.dealer_id,
  payment_terms_days: row.payment_terms_days,
  credit_limit_cents: row.credit_limit_cents === null ? null : Number(row.credit_limit_cents),
});

/** The dealer's terms, or null when none were ever stored. */
export async function findDealerTerms(manager: EntityManager, dealerId: string): Promise<DealerTermsRecord | null> {
  const rows: TermsRow[] = await manager.query(
    'SELECT dealer_id, payment_terms_days, credit_limit_cents::text FROM dealer_terms WHERE dealer_id = $1',
    [dealerId],
  );
  return rows[0] ? termsOf(rows[0]) : null;
}

/**
 * The dealer's terms row, created (with default values) on first use and locked until the transaction ends: the
 * dealer's submits take their credit decision one at a time, each seeing the orders the one before committed.
 */
export async function lockDealerTerms(manager: EntityManager, dealerId: string): Promise<DealerTermsRecord> {
  await manager.query('INSERT INTO dealer_terms (dealer_id) VALUES ($1) ON CONFLICT (dealer_id) DO NOTHING', [
    dealerId,
  ]);
  const rows: TermsRow[] = await manager.query(
    'SELECT dealer_id, payment_terms_days, credit_limit_cents::text FROM dealer_terms WHERE dealer_id = $1 FOR UPDATE',
    [dealerId],
  );
  const row = rows[0];
  if (!row) throw new Error(`dealer terms of ${dealerId} vanished after their insert`);
  return termsOf(row);
}

export async function saveDealerTerms(manager: EntityManager, terms: DealerTermsRecord): Promise<DealerTermsRecord> {
  const rows: TermsRow[] = await manager.query(
    `INSERT INTO dealer_terms (dealer_id, payment_terms_days, credit_limit_cents) VALUES ($1, $2, $3)
     ON CONFLICT (dealer_id) DO UPDATE
       SET payment_terms_days = EXCLUDED.payment_terms_days, credit_limit_cents = EXCLUDED.credit_limit_cents,
         updated_at = clock_timestamp()
     RETURNING dealer_id, payment_terms_days, credit_limit_cents::text`,
    [terms.dealer_id, terms.payment_terms_days, terms.credit_limit_cents],
  );
  const row = rows[0];
  if (!row) throw new Error('dealer terms upsert answered no row');
  return termsOf(row);
}

/**
 * What the hold rule reads of the dealer: its unpaid balance over non-cancelled orders, and when its oldest
 * unpaid confirmed order fell due under `termsDays` (one aggregate over the dealer's orders index).
 */
export async function dealerCreditPosition(
  manager: EntityManager,
  dealerId: string,
  termsDays: number,
  creditLimitCents: number | null,
): Promise<DealerCreditPosition> {
  const rows: { unpaid: string; oldest_due: Date | null }[] = await manager.query(
    `SELECT COALESCE(SUM(total_cents - paid_cents), 0)::text AS unpaid,
       MIN(confirmed_at) FILTER (WHERE confirmed_at IS NOT NULL AND paid_cents < total_cents)
         + make_interval(days => $2) AS oldest_due
     FROM orders WHERE dealer_id = $1 AND status <> 'cancelled'`,
    [dealerId, termsDays],
  );
  const row = rows[0];
  return {
    credit_limit_cents: creditLimitCents,
    unpaid_cents: Number(row?.unpaid ?? 0),
    oldest_unpaid_due_at: row?.oldest_due ? new Date(row.oldest_due) : null,
  };
}

/**
 * The payment terms of a dealer without terms of its own: the company setting as identity last announced it
 * (`default_payment_terms`), or 30 days until it announces one.
 */
export async function defaultTermsDays(manager: EntityManager): Promise<number> {
  const rows: { payment_terms_days: number }[] = await manager.query(
    'SELECT payment_terms_days FROM default_payment_terms',
  );
  return rows[0]?.payment_terms_days ?? DEFAULT_PAYMENT_TERMS_DAYS;
}

const DEFAULT_TERMS_WRITE: ReadModelWrite = {
  table: 'default_payment_terms',
  key: 'id',
  changedAt: 'changed_at',
  columns: ['payment_terms_days'],
};

/** Keeps the announced default terms unless a later announcement is kept already (events may arrive out of order). */
export async function saveDefaultTermsDays(manager: EntityManager, days: number, changedAt: string): Promise<void> {
  await upsertIfNewer(manager, DEFAULT_TERMS_WRITE, 'true', changedAt, [days]);
}
