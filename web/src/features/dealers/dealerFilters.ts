import type { Dealer } from '@portal/contracts';

/** The columns of the Manage Dealers table a user can sort on. */
export type SortColumn = 'name' | 'phone' | 'city' | 'state' | 'zone';
export interface SortOrder {
  column: SortColumn;
  ascending: boolean;
}
/** The spec's default: state ascending. */
export const DEFAULT_SORT: SortOrder = { column: 'state', ascending: true };

export interface DealerFilters {
  search: string;
  /** a state code, or '' for All States */
  state: string;
  /** a zone name, or '' for all zones */
  zone: string;
}
export const NO_FILTERS: DealerFilters = { search: '', state: '', zone: '' };

/** Phone digits are searched only from this many digits typed (000 §5). */
const MIN_PHONE_DIGITS = 3;

/** How a dealer is named on screen: the business, else the person, else the email. */
export function dealerName(dealer: Pick<Dealer, 'business_name' | 'full_name' | 'email'>): string {
  return dealer.business_name?.trim() || dealer.full_name?.trim() || dealer.email;
}

/** Separates a dealer's searched fields in its search text; no query typed in one line contains it. */
const FIELD_SEPARATOR = '\u0000';

/**
 * A dealer with what the search compares: built once per loaded list (useDealerList), so that filtering on a
 * keystroke only looks for the query in one precomputed string per dealer.
 */
export interface SearchableDealer {
  dealer: Dealer;
  /** business name, email, city and state, lower-cased, joined by FIELD_SEPARATOR */
  text: string;
  /** the phone number's digits only */
  phoneDigits: string;
}

export function searchable(dealer: Dealer): SearchableDealer {
  const fields = [dealer.business_name, dealer.email, dealer.city, dealer.state];
  return {
    dealer,
    text: fields.map((field) => field?.toLowerCase() ?? '').join(FIELD_SEPARATOR),
    phoneDigits: (dealer.phone ?? '').replace(/\D/g, ''),
  };
}

/**
 * A search predicate built once per query: case-insensitive over business name, email, city and state;
 * phone digits when the query holds 3 or more digits.
 */
function searchableMatcher(query: string): (entry: SearchableDealer) => boolean {
  const text = query.trim().toLowerCase();
  if (!text) return () => true;
  const digits = text.replace(/\D/g, '');
  const byPhone = digits.length >= MIN_PHONE_DIGITS;
  // a query is matched within one field, never across two
  const inText = text.includes(FIELD_SEPARATOR)
    ? (entry: SearchableDealer) => entry.text.split(FIELD_SEPARATOR).some((field) => field.includes(text))
    : (entry: SearchableDealer) => entry.text.includes(text);
  return (entry) => inText(entry) || (byPhone && entry.phoneDigits.includes(digits));
}

export function searchMatcher(query: string): (dealer: Dealer) => boolean {
  const matches = searchableMatcher(query);
  return (dealer) => matches(searchable(dealer));
}

/** The dealers of a prepared list that pass the filters, in the list's order. */
export function filterSearchable(entries: readonly SearchableDealer[], filters: DealerFilters): Dealer[] {
  const matches = searchableMatcher(filters.search);
  const shown: Dealer[] = [];
  for (const entry of entries) {
    const { dealer } = entry;
    if (filters.state && dealer.state !== filters.state) continue;
    if (filters.zone && dealer.zone !== filters.zone) continue;
    if (matches(entry)) shown.push(dealer);
  }
  return shown;
}

export function filterDealers(dealers: readonly Dealer[], filters: DealerFilters): Dealer[] {
  return filterSearchable(dealers.map(searchable), filters);
}

const sortKey: Record<SortColumn, (dealer: Dealer) => string> = {
  name: dealerName,
  phone: (dealer) => dealer.phone ?? '',
  city: (dealer) => dealer.city ?? '',
  state: (dealer) => dealer.state ?? '',
  zone: (dealer) => dealer.zone ?? '',
};

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A sorted copy of items that each stand for a dealer; ties keep name order so the list never jumps. */
export function sortByDealer<T>(items: readonly T[], order: SortOrder, dealerOf: (item: T) => Dealer): T[] {
  const key = sortKey[order.column];
  const direction = order.ascending ? 1 : -1;
  const keyed = items.map((item) => {
    const dealer = dealerOf(item);
    return { item, key: key(dealer), name: dealerName(dealer) };
  });
  keyed.sort((a, b) => direction * collator.compare(a.key, b.key) || collator.compare(a.name, b.name));
  return keyed.map((entry) => entry.item);
}

export function sortDealers(dealers: readonly Dealer[], order: SortOrder): Dealer[] {
  return sortByDealer(dealers, order, (dealer) => dealer);
}

/** Clicking a header sorts by it; clicking the sorted column again flips the direction. */
export function nextSort(current: SortOrder, column: SortColumn): SortOrder {
  return current.column === column ? { column, ascending: !current.ascending } : { column, ascending: true };
}
