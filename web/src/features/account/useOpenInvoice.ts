import type { Order } from '@portal/contracts';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useState } from 'react';
import { useGetDealerOrdersPagesInfiniteQuery } from '../orders/ordersApi';

/** An order as a statement or an open invoice names it. */
export interface OrderRef {
  order_id: string;
  order_number: string;
}

/**
 * The invoice opened from the dealer's Account: the order read from the dealer's own orders, found by its number
 * (the orders lists' search matches order numbers, not whole ids), so an order of any age opens.
 */
export function useOpenInvoice(dealerId: string | null): {
  order: Order | null;
  open: (order: OrderRef) => void;
  close: () => void;
} {
  const [opened, setOpened] = useState<OrderRef | null>(null);
  const result = useGetDealerOrdersPagesInfiniteQuery(
    opened && dealerId ? { params: { dealer_id: dealerId }, query: { q: opened.order_number } } : skipToken,
  );
  const order = opened
    ? (result.data?.pages.flatMap((page) => page.orders).find((row) => row.order_id === opened.order_id) ?? null)
    : null;
  return { order, open: setOpened, close: () => setOpened(null) };
}
