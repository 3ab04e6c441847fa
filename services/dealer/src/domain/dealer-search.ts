/**
 * What a dealer search (`q`) looks for: the text itself, case-insensitively, within one of the searched fields
 * (business name, contact name, email, city, state, dealer id); and the phone's digits when the query holds
 * at least MIN_PHONE_DIGITS digits (`(555) 010` finds 555-010-2000).
 */

/** Phone digits are searched only from this many digits typed (as the Manage Dealers search always did). */
export const MIN_PHONE_DIGITS = 3;

/** Separates the searched fields in the search text: a query holding it cannot lie within one field. */
export const FIELD_SEPARATOR = '\n';

export interface DealerSearch {
  /** the text to find within a field; null when no field can hold it */
  text: string | null;
  /** the digits to find within the phone's digits; null when fewer than MIN_PHONE_DIGITS were typed */
  phoneDigits: string | null;
}

/** The search of a query; null when the query is blank (no search). */
export function dealerSearch(q: string | undefined): DealerSearch | null {
  const query = q?.trim() ?? '';
  if (query === '') return null;
  const digits = query.replace(/\D/g, '');
  return {
    text: query.includes(FIELD_SEPARATOR) ? null : query,
    phoneDigits: digits.length >= MIN_PHONE_DIGITS ? digits : null,
  };
}
