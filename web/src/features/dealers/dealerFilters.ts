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

/**
 * A search predicate built once per query: case-insensitive over business name, email, city and state;
 * phone digits when the query holds 3 or more digits.
 */
export function searchMatcher(query: string): (dealer: Dealer) => boolean {
  const text = query.trim().toLowerCase();
  if (!text) return () => true;
  const digits = text.replace(/\D/g, '');
  const byPhone = digits.length >= MIN_PHONE_DIGITS;
  return (dealer) =>
    [dealer.business_name, dealer.email, dealer.city, dealer.state].some((field) =>
      field?.toLowerCase().includes(text),
    ) ||
    (byPhone && (dealer.phone ?? '').replace(/\D/g, '').includes(digits));
}

export function filterDealers(dealers: readonly Dealer[], filters: DealerFilters): Dealer[] {
  const matches = searchMatcher(filters.search);
  return dealers.filter(
    (dealer) =>
      (!filters.state || dealer.state === filters.state) &&
      (!filters.zone || dealer.zone === filters.zone) &&
      matches(dealer),
  );
}

const sortKey: Record<SortColumn, (dealer: Dealer) => string> = {
  name: dealerName,
  phone: (dealer) => dealer.phone ?? '',
  city: (dealer) => dealer.city ?? '',
  state: (dealer) => dealer.state ?? '',
  zone: (dealer) => dealer.zone ?? '',
};

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** A sorted copy; ties keep name order so the list never jumps between renders. */
export function sortDealers(dealers: readonly Dealer[], order: SortOrder): Dealer[] {
  const key = sortKey[order.column];
  const direction = order.ascending ? 1 : -1;
  const keyed = dealers.map((dealer) => ({ dealer, key: key(dealer), name: dealerName(dealer) }));
  keyed.sort((a, b) => direction * collator.compare(a.key, b.key) || collator.compare(a.name, b.name));
  return keyed.map((entry) => entry.dealer);
}

/** Clicking a header sorts by it; clicking the sorted column again flips the direction. */
export function nextSort(current: SortOrder, column: SortColumn): SortOrder {
  return current.column === column ? { column, ascending: !current.ascending } : { column, ascending: true };
}
