import { type OrderStatus, PAYMENT_STATUSES, type PaymentStatus } from '@portal/contracts';
import { ORDER_STATUSES } from '@portal/contracts/values';
import { formatRoute, withQuery } from '../../app/navigation/routes';
import { HOLD_CHOICES, type HoldChoice, NO_ORDER_LIST_FILTERS, type OrderListFilters } from './orderQuery';

/**
 * The Orders tab's filters in the address (`/admin/orders?status=pending&q=…`), so a reload, Back from an
 * invoice or a shared link shows the same list: q, status, payment, hold, dealer (+ dealer_label, the name the
 * picker shows), from, to. Values the list does not know are left out.
 */
export function orderFiltersFromQuery(params: URLSearchParams): OrderListFilters {
  const status = params.get('status') ?? '';
  const payment = params.get('payment') ?? '';
  const hold = params.get('hold') ?? '';
  const dealerId = params.get('dealer') ?? '';
  return {
    ...NO_ORDER_LIST_FILTERS,
    search: params.get('q') ?? '',
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
    payment: (PAYMENT_STATUSES as readonly string[]).includes(payment) ? (payment as PaymentStatus) : '',
    hold: (HOLD_CHOICES as readonly string[]).includes(hold) ? (hold as HoldChoice) : '',
    dealer: dealerId ? { dealer_id: dealerId, label: params.get('dealer_label') || dealerId } : null,
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

/** The query of `base` with the filters' parameters set (blank ones removed); other parameters are kept. */
export function orderFiltersToQuery(filters: OrderListFilters, base: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams(base);
  const set = (name: string, value: string) => (value ? query.set(name, value) : query.delete(name));
  set('q', filters.search);
  set('status', filters.status);
  set('payment', filters.payment);
  set('hold', filters.hold);
  set('dealer', filters.dealer?.dealer_id ?? '');
  set('dealer_label', filters.dealer?.label ?? '');
  set('from', filters.from);
  set('to', filters.to);
  return query;
}

/** Whether only the search text differs (typing: the address is replaced, not added to Back). */
export function onlySearchChanged(before: OrderListFilters, after: OrderListFilters): boolean {
  return (
    before.status === after.status &&
    before.payment === after.payment &&
    before.hold === after.hold &&
    before.dealer?.dealer_id === after.dealer?.dealer_id &&
    before.from === after.from &&
    before.to === after.to
  );
}

/** All Orders showing the pending orders on credit hold: those waiting for an admin to release them. */
export const HELD_ORDERS_PATH = withQuery(
  formatRoute({ role: 'admin', tab: 'orders', orderId: null }),
  orderFiltersToQuery({ ...NO_ORDER_LIST_FILTERS, status: 'pending', hold: 'held' }, new URLSearchParams()),
);
