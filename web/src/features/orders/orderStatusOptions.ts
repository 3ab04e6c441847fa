import type { OrderStatus } from '@portal/contracts';

/**
 * Where the invoice opens (000 §4): the Orders tab (its status options, also the New Order modal's), the admin's
 * dealer detail (its own options), or the dealer's My Orders (read-only: print and download).
 */
export type InvoiceContext = 'orders' | 'dealer-detail' | 'dealer';

const STATUS_OPTIONS: Record<Exclude<InvoiceContext, 'dealer'>, readonly OrderStatus[]> = {
  orders: ['pending', 'confirmed', 'in_shipment', 'delivered', 'cancelled'],
  'dealer-detail': ['pending', 'confirmed', 'shipped', 'cancelled'],
};

/** The status select's options: the screen's, plus the order's own status when the screen does not list it. */
export function statusOptions(context: Exclude<InvoiceContext, 'dealer'>, current: OrderStatus): OrderStatus[] {
  const options = STATUS_OPTIONS[context];
  return options.includes(current) ? [...options] : [current, ...options];
}
