import type { Dealer, DealerListQuery } from '@portal/contracts';
import type { z } from 'zod';
import { countOf, nounFor } from '../../format/count';

/** The columns of the Manage Dealers table a user can sort on. */
export type SortColumn = 'name' | 'phone' | 'city' | 'state' | 'zone';
export interface SortOrder {
  column: SortColumn;
  ascending: boolean;
}
/** The spec's default: state ascending. */
export const DEFAULT_SORT: ServerSortOrder = { column: 'state', ascending: true };

export interface DealerFilters {
  search: string;
  /** a state code, or '' for All States */
  state: string;
  /** a zone name, or '' for all zones */
  zone: string;
}
export const NO_FILTERS: DealerFilters = { search: '', state: '', zone: '' };

/** How a dealer is named on screen: the business, else the person, else the email. */
export function dealerName(dealer: Pick<Dealer, 'business_name' | 'full_name' | 'email'>): string {
  return dealer.business_name?.trim() || dealer.full_name?.trim() || dealer.email;
}

/** Clicking a header sorts by it; clicking the sorted column again flips the direction. */
export function nextSort(current: SortOrder, column: SortColumn): SortOrder {
  return current.column === column ? { column, ascending: !current.ascending } : { column, ascending: true };
}

/** The Manage Dealers columns the server sorts by (phone is not sortable there). */
export const SERVER_SORT_COLUMNS = ['name', 'city', 'state', 'zone'] as const satisfies readonly SortColumn[];
export type ServerSortColumn = (typeof SERVER_SORT_COLUMNS)[number];
export type ServerSortOrder = SortOrder & { column: ServerSortColumn };

const SERVER_SORT = {
  name: 'business_name',
  city: 'city',
  state: 'state',
  zone: 'zone',
} as const satisfies Record<ServerSortColumn, string>;

/** What Manage Dealers sends to all-dealers-enhanced, as the contract reads it. */
export type DealerListParams = z.input<typeof DealerListQuery>;

/**
 * The server query of a dealer list for its filters and sort (the search text as it settled after typing):
 * blank filters are left out; the sort is the server's column, `-column` for descending.
 */
export function dealerListQuery(
  filters: DealerFilters,
  sort: ServerSortOrder,
  search = filters.search,
): DealerListParams {
  const query: DealerListParams = { sort: `${sort.ascending ? '' : '-'}${SERVER_SORT[sort.column]}` };
  const q = search.trim();
  if (q) query.q = q;
  if (filters.state) query.state = filters.state;
  if (filters.zone) query.zone = filters.zone;
  return query;
}

/** Whether a search or filter narrows the list (the count then reads "N dealers match"). */
export function narrowsDealers(filters: DealerFilters): boolean {
  return filters.search.trim() !== '' || filters.state !== '' || filters.zone !== '';
}

/** The count above the table, from the server's total. */
export function dealerCountText(total: number, narrowed: boolean): string {
  if (!narrowed) return countOf(total, 'dealer', 'dealers');
  return `${countOf(total, 'dealer', 'dealers')} ${nounFor(total, 'matches', 'match')} your filters`;
}
