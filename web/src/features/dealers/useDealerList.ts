import type { Dealer } from '@portal/contracts';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import {
  DEFAULT_SORT,
  type DealerFilters,
  filterDealers,
  nextSort,
  type SortColumn,
  sortDealers,
} from './dealerFilters';

/**
 * Filters and sort of a dealer list, memoised: the whole list is sorted only when the sort or the data change,
 * and filtering reads a deferred copy of the filters so typing in the search box is never blocked.
 */
export function useDealerList(dealers: readonly Dealer[], initialFilters: DealerFilters) {
  const [filters, setFilters] = useState(initialFilters);
  const [sort, setSort] = useState(DEFAULT_SORT);
  const deferredFilters = useDeferredValue(filters);
  const sorted = useMemo(() => sortDealers(dealers, sort), [dealers, sort]);
  const shown = useMemo(() => filterDealers(sorted, deferredFilters), [sorted, deferredFilters]);
  const sortBy = useCallback((column: SortColumn) => setSort((current) => nextSort(current, column)), []);
  return { filters, setFilters, sort, sortBy, shown };
}
