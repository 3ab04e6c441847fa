import { type Order, orderNumber } from '@portal/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef } from 'react';
import { useGetAllOrdersPagesInfiniteQuery, useGetDealerOrdersPagesInfiniteQuery } from './ordersApi';

export interface OrderRecord {
  order: Order | null;
  /** still looking (only when the order is not among the rows already read) */
  loading: boolean;
}

/** Who is looking: an admin (every order) or a dealer (its own orders). */
export type OrderScope = { kind: 'all' } | { kind: 'dealer'; dealerId: string };

/**
 * The order of an address (/admin/orders/{orderId}, /dealer/orders/{orderId}): from the list's rows when it is
 * there (the freshest copy), else found through the lists' search — so a reload or a shared link reopens the
 * invoice even when the list's filters do not show the order. An order that leaves the rows while it is open (a
 * change takes it out of the list's filters: released from the held orders, confirmed while the list shows the
 * pending ones) stays as last seen until the search finds it, so its invoice stays open with the admin's edits.
 */
export function useOrderRecord(orderId: string | null, rows: readonly Order[], scope: OrderScope): OrderRecord {
  const inRows = orderId ? (rows.find((order) => order.order_id === orderId) ?? null) : null;
  const lookUp = orderId !== null && inRows === null;
  const q = orderId ? orderLookupSearch(orderId) : '';
  const all = useGetAllOrdersPagesInfiniteQuery(lookUp && scope.kind === 'all' ? { query: { q } } : skipToken);
  const own = useGetDealerOrdersPagesInfiniteQuery(
    lookUp && scope.kind === 'dealer' ? { params: { dealer_id: scope.dealerId }, query: { q } } : skipToken,
  );
  const result = scope.kind === 'all' ? all : own;
  const found = orderId
    ? (result.data?.pages.flatMap((page) => page.orders).find((order) => order.order_id === orderId) ?? null)
    : null;
  const lastSeen = useRef<Order | null>(null);
  const kept = lastSeen.current?.order_id === orderId ? lastSeen.current : null;
  const order = inRows ?? found ?? kept;
  useEffect(() => {
    lastSeen.current = order;
  }, [order]);
  return { order, loading: order === null && lookUp && (result.isUninitialized || result.isFetching) };
}

/**
 * What the orders lists are searched for to find one order: its number (the search matches order numbers, not
 * whole ids); the id itself then picks the order among the few that share the number's text.
 */
export const orderLookupSearch = (orderId: string) => orderNumber(orderId);
