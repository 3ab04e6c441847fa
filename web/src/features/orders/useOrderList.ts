import type { Order } from '@portal/contracts';
import { useCallback, useMemo, useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { navigate, useLocation } from '../../app/navigation/history';
import { withQuery } from '../../app/navigation/routes';
import { useDebounced } from '../../ui/useDebounced';
import { DEFAULT_ORDER_SORT, nextOrderSort } from './orderList';
import { onlySearchChanged, orderFiltersFromQuery, orderFiltersToQuery } from './orderListParams';
import {
  narrowsOrders,
  type OrderListFilters,
  type OrderListSort,
  type OrderListSortColumn,
  orderListQuery,
} from './orderQuery';
import { useGetAllOrdersPagesInfiniteQuery } from './ordersApi';

const ordersOf = (page: { orders: Order[] }) => page.orders;

/**
 * The Orders tab's filters, kept in the address: typing a search replaces it, a chosen filter adds a Back step.
 */
function useOrderFilterParams(): [OrderListFilters, (next: OrderListFilters) => void] {
  const { search: params } = useLocation();
  const filters = useMemo(() => orderFiltersFromQuery(params), [params]);
  const setFilters = useCallback((next: OrderListFilters) => {
    const live = new URLSearchParams(window.location.search);
    const to = withQuery(window.location.pathname, orderFiltersToQuery(next, live));
    if (to === window.location.pathname + window.location.search) return;
    navigate(to, { replace: onlySearchChanged(orderFiltersFromQuery(live), next) });
  }, []);
  return [filters, setFilters];
}

/**
 * The Orders tab's list: its filters (in the address), sort and search (debounced) as the server's query, and
 * the pages read so far. A new query is a new list, read from its first page; `query` also names it for the
 * table's scroll reset and the CSV export of the same filtered set.
 */
export function useOrderList() {
  const [filters, setFilters] = useOrderFilterParams();
  const [sort, setSort] = useState<OrderListSort>(DEFAULT_ORDER_SORT);
  const search = useDebounced(filters.search);
  const query = useMemo(() => orderListQuery(filters, sort, search), [filters, sort, search]);
  const result = useGetAllOrdersPagesInfiniteQuery({ query }, { refetchOnMountOrArgChange: 30 });
  const pages = usePagedRows(result, ordersOf);
  const sortBy = useCallback((column: OrderListSortColumn) => setSort((current) => nextOrderSort(current, column)), []);
  const scrollKey = useMemo(() => JSON.stringify(query), [query]);
  // `narrowed` as the rows shown: the search as it settled, not as it is being typed
  const narrowed = narrowsOrders({ ...filters, search });
  return { filters, setFilters, sort, sortBy, query, scrollKey, narrowed, ...pages };
}
