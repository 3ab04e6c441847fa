import { heldOrdersAlert } from '../../src/features/dashboard/alertTexts';
import {
  HELD_ORDERS_PATH,
  onlySearchChanged,
  orderFiltersFromQuery,
  orderFiltersToQuery,
} from '../../src/features/orders/orderListParams';
import { NO_ORDER_LIST_FILTERS } from '../../src/features/orders/orderQuery';

describe("The Orders tab's filters in the address", () => {
  test('When the address holds filters, Then the list reads them, and writes them back the same', () => {
    const query = new URLSearchParams(
      'status=pending&payment=unpaid&hold=held&q=ridge&dealer=D1&dealer_label=Timber+Ridge&from=2026-01-01&to=2026-01-31',
    );
    const filters = orderFiltersFromQuery(query);
    expect(filters).toEqual({
      search: 'ridge',
      status: 'pending',
      payment: 'unpaid',
      hold: 'held',
      dealer: { dealer_id: 'D1', label: 'Timber Ridge' },
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(orderFiltersToQuery(filters, new URLSearchParams()).toString()).toBe(
      'q=ridge&status=pending&payment=unpaid&hold=held&dealer=D1&dealer_label=Timber+Ridge&from=2026-01-01&to=2026-01-31',
    );
  });

  test('When a value is not a status the list knows, Then it is left out', () => {
    expect(orderFiltersFromQuery(new URLSearchParams('status=LOST&payment=maybe&hold=true'))).toEqual(
      NO_ORDER_LIST_FILTERS,
    );
  });

  test('When filters are cleared, Then their parameters go and other parameters stay', () => {
    const base = new URLSearchParams('status=pending&keep=1');
    expect(orderFiltersToQuery(NO_ORDER_LIST_FILTERS, base).toString()).toBe('keep=1');
  });

  test('When only the search changes, Then it is typing (the address is replaced); a status is a step', () => {
    const before = { ...NO_ORDER_LIST_FILTERS, search: 'ri' };
    expect(onlySearchChanged(before, { ...before, search: 'ridge' })).toBe(true);
    expect(onlySearchChanged(before, { ...before, status: 'pending' })).toBe(false);
    expect(onlySearchChanged(before, { ...before, hold: 'held' })).toBe(false);
  });
});

describe('The dashboard alert of the orders on credit hold', () => {
  test('When orders wait for their hold to be released, Then the alert counts them and opens the pending held orders', () => {
    expect(heldOrdersAlert(1)).toBe('1 order is on credit hold');
    expect(heldOrdersAlert(12)).toBe('12 orders are on credit hold');
    const [path, query] = HELD_ORDERS_PATH.split('?');
    expect(path).toBe('/admin/orders');
    expect(orderFiltersFromQuery(new URLSearchParams(query))).toEqual({
      ...NO_ORDER_LIST_FILTERS,
      status: 'pending',
      hold: 'held',
    });
  });
});
