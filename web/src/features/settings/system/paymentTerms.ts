import { DEFAULT_PAYMENT_TERMS_PROBLEM } from '@portal/contracts/values';

/** The typed "Default payment terms (days)" as the number to save, or the contract's message when it is not one. */
export function defaultTermsOf(text: string): { days: number } | { problem: string } {
  const trimmed = text.trim();
  // whole days only: "30", not "30.5", "3e1" or "-1"
  const days = /^\d{1,3}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return days >= 0 && days <= 365 ? { days } : { problem: DEFAULT_PAYMENT_TERMS_PROBLEM };
}
