import { centsToDollars, type DealerTerms, type DealerTermsRequest, parseCents } from '@portal/contracts';
import { badRequest, recordAudit } from '@portal/platform';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { OrderContext } from '../context';
import {
  type DealerTermsRecord,
  defaultTermsDays,
  findDealerTerms,
  saveDealerTerms,
  saveDefaultTermsDays,
} from '../data/dealer-terms';

type TermsForm = z.output<typeof DealerTermsRequest>;

export const CREDIT_LIMIT_TOO_LARGE = 'Error: The credit limit is too large';

/**
 * The contract's DealerTerms: `defaultDays` (the company's default terms) when the dealer has none of its own,
 * dollars at the edge.
 */
export function dealerTermsView(dealerId: string, terms: DealerTermsRecord | null, defaultDays: number): DealerTerms {
  const days = terms?.payment_terms_days ?? null;
  const limit = terms?.credit_limit_cents ?? null;
  return {
    dealer_id: dealerId,
    payment_terms_days: days ?? defaultDays,
    terms_are_default: days === null,
    credit_limit: limit === null ? null : centsToDollars(limit),
  };
}

export async function readDealerTerms(ctx: OrderContext, dealerId: string): Promise<DealerTerms> {
  const manager = ctx.db.manager;
  return dealerTermsView(dealerId, await findDealerTerms(manager, dealerId), await defaultTermsDays(manager));
}

/** Keeps the default payment terms identity announced at `changedAt`, unless a newer announcement is kept. */
export function rememberDefaultTerms(manager: EntityManager, days: number, changedAt: string): Promise<void> {
  return saveDefaultTermsDays(manager, days, changedAt);
}

/** Sets the dealer's terms and limit (a dealer the order service has not heard of yet may get terms too). */
export async function changeDealerTerms(ctx: OrderContext, dealerId: string, form: TermsForm): Promise<DealerTerms> {
  const limitCents = form.credit_limit === null ? null : parseCents(form.credit_limit);
  if (form.credit_limit !== null && limitCents === null) throw badRequest(CREDIT_LIMIT_TOO_LARGE);
  const saved = await ctx.transaction(async (manager, emit) => {
    const before = await findDealerTerms(manager, dealerId);
    const after = await saveDealerTerms(manager, {
      dealer_id: dealerId,
      payment_terms_days: form.payment_terms_days,
      credit_limit_cents: limitCents,
    });
    await recordAudit(emit, {
      action: 'dealer.terms_changed',
      entity: 'dealer',
      entity_id: dealerId,
      before: before && auditedTerms(before),
      after: auditedTerms(after),
    });
    return { after, defaultDays: await defaultTermsDays(manager) };
  });
  return dealerTermsView(dealerId, saved.after, saved.defaultDays);
}

const auditedTerms = (terms: DealerTermsRecord) => ({
  payment_terms_days: terms.payment_terms_days,
  credit_limit_cents: terms.credit_limit_cents,
});
