import { type Order, parseCents } from '@portal/contracts';

/** What a dealer's Overview tells about its orders. */
export interface OrderFigures {
  /** every order the dealer has placed or an admin created for it */
  orders: number;
  /** orders still on their way: not delivered and not cancelled */
  open: number;
  /** what is left to pay on orders that are not cancelled, in cents (an overpayment does not lower it) */
  balanceDueCents: number;
}

const CLOSED = new Set<Order['status']>(['delivered', 'cancelled']);

/** The Overview figures of a dealer's orders, summed in integer cents. */
export function orderFigures(orders: readonly Order[]): OrderFigures {
  let open = 0;
  let balanceDueCents = 0;
  for (const order of orders) {
    if (!CLOSED.has(order.status)) open += 1;
    if (order.status === 'cancelled') continue;
    const due = (parseCents(order.total_value) ?? 0) - (parseCents(order.total_paid) ?? 0);
    if (due > 0) balanceDueCents += due;
  }
  return { orders: orders.length, open, balanceDueCents };
}
