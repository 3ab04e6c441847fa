import type { Dealer } from '@portal/contracts';
import { useCallback, useMemo, useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { navigate, useLocation } from '../../app/navigation/history';
import { withQuery } from '../../app/navigation/routes';
import { useDebounced } from '../../ui/useDebounced';
import {
  DEFAULT_SORT,
  type DealerFilters,
  dealerListQuery,
  narrowsDealers,
  nextSort,
  SERVER_SORT_COLUMNS,
  type ServerSortColumn,
  type ServerSortOrder,
  type SortColumn,
} from './dealerFilters';
import { useGetDealerPagesInfiniteQuery } from './dealersApi';

const dealersOf = (page: { dealers: Dealer[] }) => page.dealers;
const NO_STATES: readonly string[] = [];
const sortsOnServer = (column: SortColumn): column is ServerSortColumn =>
  (SERVER_SORT_COLUMNS as readonly SortColumn[]).includes(column);

/** The query parameters of a dealer list's filters in its address (`?q=…&state=KS&zone=…`). */
const FILTER_PARAMS = { search: 'q', state: 'state', zone: 'zone' } as const satisfies Record<
  keyof DealerFilters,
  string
>;

/**
 * A dealer list's filters, kept in the address so Back from a dealer, a reload or a shared link shows the same
 * list. Typing in the search replaces the address (Back is not flooded); a chosen state or zone adds a step.
 */
export function useDealerFilterParams(): [DealerFilters, (next: DealerFilters) => void] {
  const { search: params } = useLocation();
  const search = params.get(FILTER_PARAMS.search) ?? '';
  const state = params.get(FILTER_PARAMS.state) ?? '';
  const zone = params.get(FILTER_PARAMS.zone) ?? '';
  const filters = useMemo(() => ({ search, state, zone }), [search, state, zone]);
  const setFilters = useCallback((next: DealerFilters) => {
    // the live address, not the rendered one, so quick successive changes all apply
    const query = new URLSearchParams(window.location.search);
    let discreteChange = false;
    for (const key of Object.keys(FILTER_PARAMS) as (keyof DealerFilters)[]) {
      const name = FILTER_PARAMS[key];
      if ((query.get(name) ?? '') === next[key]) continue;
      if (key !== 'search') discreteChange = true;
      if (next[key] === '') query.delete(name);
      else query.set(name, next[key]);
    }
    const to = withQuery(window.location.pathname, query);
    if (to !== window.location.pathname + window.location.search) navigate(to, { replace: !discreteChange });
  }, []);
  return [filters, setFilters];
}

/**
 * A dealer list (Manage Dealers, the delivery Dealer Directory): its filters (in the address), sort and search
 * (debounced) as the server's query, and the pages read so far (50 rows, more as the table scrolls).
 * `availableStates` are the states of every active dealer (the State filter's options), kept while a new list
 * loads; `scrollKey` names the list for the table's scroll reset.
 */
export function useDealerPages() {
  const [filters, setFilters] = useDealerFilterParams();
  const [sort, setSort] = useState<ServerSortOrder>(DEFAULT_SORT);
  const search = useDebounced(filters.search);
  const query = useMemo(() => dealerListQuery(filters, sort, search), [filters, sort, search]);
  const result = useGetDealerPagesInfiniteQuery({ query });
  const pages = usePagedRows(result, dealersOf);
  const sortBy = useCallback((column: SortColumn) => {
    if (sortsOnServer(column)) setSort((current) => nextSort(current, column) as ServerSortOrder);
  }, []);
  const scrollKey = useMemo(() => JSON.stringify(query), [query]);
  return {
    filters,
    setFilters,
    sort,
    sortBy,
    scrollKey,
    // as the rows shown: the search as it settled, not as it is being typed
    narrowed: narrowsDealers({ ...filters, search }),
    availableStates: result.data?.pages[0]?.available_states ?? NO_STATES,
    /** the pages of the current list as read: a page that changed (a refetch after an edit) is a new object */
    loadedPages: result.currentData?.pages,
    ...pages,
  };
}
