import type { Order } from '@portal/contracts';
import { useCallback, useMemo, useState } from 'react';
import {
  DEFAULT_ORDER_SORT,
  filterOrders,
  NO_ORDER_FILTERS,
  nextOrderSort,
  type OrderFilters,
  type OrderSort,
  type OrderSortColumn,
  sortOrders,
} from './orderList';

/** Filters and sort of the Orders tab, memoised: the list is sorted only when the data or the sort change. */
export function useOrderList(orders: readonly Order[]) {
  const [filters, setFilters] = useState<OrderFilters>(NO_ORDER_FILTERS);
  const [sort, setSort] = useState<OrderSort>(DEFAULT_ORDER_SORT);
  const sorted = useMemo(() => sortOrders(orders, sort), [orders, sort]);
  const shown = useMemo(() => filterOrders(sorted, filters), [sorted, filters]);
  const sortBy = useCallback((column: OrderSortColumn) => setSort((current) => nextOrderSort(current, column)), []);
  return { filters, setFilters, sort, sortBy, shown };
}
