import type { Dealer } from '@portal/contracts';
import { useCallback, useMemo, useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
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

/**
 * Manage Dealers' list: its filters, sort and search (debounced) as the server's query, and the pages read so
 * far (50 rows, more as the table scrolls). `availableStates` are the states of every active dealer (the State
 * filter's options), kept while a new list loads; `scrollKey` names the list for the table's scroll reset.
 */
export function useDealerPages(initialFilters: DealerFilters) {
  const [filters, setFilters] = useState(initialFilters);
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
