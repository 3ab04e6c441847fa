import type { Order } from '@portal/contracts';
import { useCallback, useMemo, useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { useDebounced } from '../../ui/useDebounced';
import { DEFAULT_ORDER_SORT, nextOrderSort } from './orderList';
import {
  NO_ORDER_LIST_FILTERS,
  narrowsOrders,
  type OrderListFilters,
  type OrderListSort,
  type OrderListSortColumn,
  orderListQuery,
} from './orderQuery';
import { useGetAllOrdersPagesInfiniteQuery } from './ordersApi';

const ordersOf = (page: { orders: Order[] }) => page.orders;

/**
 * The Orders tab's list: its filters, sort and search (debounced) as the server's query, and the pages read so
 * far. A new query is a new list, read from its first page; `query` also names it for the table's scroll reset
 * and the CSV export of the same filtered set.
 */
export function useOrderList() {
  const [filters, setFilters] = useState<OrderListFilters>(NO_ORDER_LIST_FILTERS);
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
