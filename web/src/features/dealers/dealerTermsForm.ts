import { centsToDollars, type DealerTerms, parseCents } from '@portal/contracts';

/** The Terms and credit dialog's fields as typed. */
export interface TermsForm {
  days: string;
  /** blank: no credit limit */
  limit: string;
}

export const TERMS_DAYS_PROBLEM = 'Payment terms must be a whole number of days from 0 to 365';
export const CREDIT_LIMIT_PROBLEM = 'Enter the credit limit in dollars (e.g. 5000 or 5000.00), or leave it blank';

export const termsForm = (terms: DealerTerms): TermsForm => ({
  days: String(terms.payment_terms_days),
  limit: terms.credit_limit === null ? '' : terms.credit_limit.toFixed(2),
});

/** The PUT body of the typed form, or what is wrong with which field. */
export function termsToSave(
  form: TermsForm,
):
  | { body: { payment_terms_days: number; credit_limit: number | null } }
  | { problem: string; field: 'days' | 'limit' } {
  const daysText = form.days.trim();
  const days = /^\d{1,3}$/.test(daysText) ? Number(daysText) : Number.NaN;
  if (!(days >= 0 && days <= 365)) return { problem: TERMS_DAYS_PROBLEM, field: 'days' };
  const limitText = form.limit.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!limitText) return { body: { payment_terms_days: days, credit_limit: null } };
  const cents = parseCents(limitText);
  if (cents === null) return { problem: CREDIT_LIMIT_PROBLEM, field: 'limit' };
  return { body: { payment_terms_days: days, credit_limit: centsToDollars(cents) } };
}
