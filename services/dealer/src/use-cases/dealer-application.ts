import {
  DEALER_APPLICATION_HONEYPOT,
  DealerApplicationReceived,
  type DealerApplicationRequest,
} from '@portal/contracts';
import { createRateLimits, type RateLimit, type RateLimits } from '@portal/platform';
import type { DataSource } from 'typeorm';
import type { DealerContext } from '../context';
import { insertApplicant } from '../data/dealer-applications';
import { addNote } from '../data/dealer-notes';
import { APPLICATION_LIMITS, applicantName, applicationNote } from '../domain/dealer-application';
import { newDealerId } from '../domain/dealer-id';

/** The limits of the application form, kept in the dealer schema so they hold across replicas. */
export interface ApplicationLimits {
  byAddress: RateLimit;
  byEmail: RateLimit;
  limits: RateLimits;
}

export function applicationLimits(db: DataSource): ApplicationLimits {
  const limits = createRateLimits(db);
  return {
    byAddress: limits.limit(APPLICATION_LIMITS.byAddress),
    byEmail: limits.limit(APPLICATION_LIMITS.byEmail),
    limits,
  };
}

/**
 * A visitor applies to become a dealer: a pending dealer (not announced to the other services until approved),
 * the message as its first note and dealer.application_received, in one transaction. The caller answers the same
 * whatever happened here — a filled honeypot (a bot) or an email some dealer already has stores nothing — so the
 * form tells nobody which emails are dealers. Throttled per client address, then per email.
 */
export async function applyToBecomeDealer(
  ctx: DealerContext,
  form: DealerApplicationRequest,
  address: string,
): Promise<void> {
  const { [DEALER_APPLICATION_HONEYPOT]: honeypot, message, ...fields } = form;
  await ctx.deps.applicationLimits.byAddress.consume(address);
  if (honeypot) {
    ctx.logger.info({ address }, 'dealer application with the honeypot filled: not stored');
    return;
  }
  await ctx.deps.applicationLimits.byEmail.consume(fields.email);
  const dealerId = newDealerId();
  const stored = await ctx.transaction(async (manager, emit) => {
    const applicant = await insertApplicant(manager, { ...fields, dealer_id: dealerId });
    if (!applicant) return false;
    if (message) await addNote(manager, dealerId, applicationNote(message), applicantName(applicant));
    await emit(DealerApplicationReceived, dealerId, {
      dealer_id: dealerId,
      email: applicant.email,
      business_name: applicant.business_name,
      full_name: applicant.full_name,
      phone: applicant.phone,
      city: applicant.city,
      state: applicant.state,
      message: message ?? null,
      received_at: applicant.applied_at.toISOString(),
    });
    return true;
  });
  if (stored) ctx.logger.info({ dealerId }, 'dealer application received');
  else ctx.logger.info({ address }, 'dealer application for an email a dealer already has: not stored');
}
