import {
  type DealerNote,
  type Order,
  OrderExportQuery,
  OrderListQuery,
  type OrderStatus,
  type Payment,
  type PaymentStatus,
} from '@portal/contracts';
import { dealerTimeline } from '../../src/features/dealers/dealerTimeline';
import { dealerPayments } from '../../src/features/orders/dealerPayments';
import {
  addCatalogueLine,
  CUSTOM_ITEM_NEEDS,
  customLine,
  draftFromOrder,
  draftTotals,
  linesChanged,
  linesPayload,
  typedQuantity,
  withoutLine,
  withQuantity,
} from '../../src/features/orders/invoiceDraft';
import { pdfFilename } from '../../src/features/orders/invoiceFile';
import { ordersCsvFilename } from '../../src/features/orders/orderCsv';
import { DEFAULT_ORDER_SORT, nextOrderSort } from '../../src/features/orders/orderList';
import { invoiceEmailFailure, paymentFailure, updateOrderFailure } from '../../src/features/orders/orderMessages';
import { centsOf, invoiceTotals } from '../../src/features/orders/orderMoney';
import {
  NO_ORDER_LIST_FILTERS,
  narrowsOrders,
  ORDER_STATUS_CHOICES,
  type OrderListFilters,
  type OrderListSortColumn,
  orderCountText,
  orderListQuery,
  PAYMENT_STATUS_CHOICES,
} from '../../src/features/orders/orderQuery';
import { statusOptions } from '../../src/features/orders/orderStatusOptions';
import { EMPTY_PAYMENT, PAYMENT_REQUIRED, paymentToRecord } from '../../src/features/orders/paymentForm';

let sequence = 0;
function payment(amount: number, created_at: string, extra: Partial<Payment> = {}): Payment {
  sequence += 1;
  return {
    payment_id: `pay-${sequence}`,
    order_id: 'o',
    payment_method: 'cash',
    amount,
    check_number: null,
    notes: null,
    created_at,
    ...extra,
  };
}

function order(fields: {
  id: string;
  at: string;
  dealer?: string;
  status?: OrderStatus;
  payment_status?: PaymentStatus;
  lines?: { id: string; title: string; quantity: number; price: number; total: number }[];
  total?: number;
  paid?: number;
  payments?: Payment[];
}): Order {
  const lines = fields.lines ?? [{ id: 'p1', title: 'Ridge Blind', quantity: 1, price: 10, total: 10 }];
  return {
    order_id: `00000000-0000-0000-0000-0000${fields.id.padStart(8, '0')}`,
    order_number: fields.id.toUpperCase().padStart(8, '0'),
    dealer_id: 'd1',
    created_at: fields.at,
    formatted_date: fields.at.slice(0, 10),
    status: fields.status ?? 'pending',
    payment_status: fields.payment_status ?? 'unpaid',
    total_value: fields.total ?? 10,
    total_paid: fields.paid ?? 0,
    balance: (fields.total ?? 10) - (fields.paid ?? 0),
    payments: fields.payments ?? [],
    notes: null,
    dealer_business_name: fields.dealer ?? 'Timber Ridge Outdoors',
    dealer_full_name: 'Jordan Ridge',
    dealer_email: 'jordan@timber.test',
    dealer_city: 'Missoula',
    dealer_state: 'MT',
    dealer_info: {
      business_name: fields.dealer ?? 'Timber Ridge Outdoors',
      city: 'Missoula',
      state: 'MT',
      email: 'jordan@timber.test',
      phone: null,
    },
    product_details: lines.map((line) => ({
      product_id: line.id,
      title: line.title,
      quantity: line.quantity,
      price: line.price,
      total: line.total,
      is_custom: line.id.startsWith('custom_'),
    })),
    delivered_at: null,
    delivered_to: null,
    po_number: null,
    confirmed_at: null,
    on_hold: false,
    hold_reason: null,
    hold_released_at: null,
    hold_release_note: null,
  };
}

describe('Money on the order screens: integer cents, never float dollars', () => {
  test('When amounts from the API are read, Then each becomes its exact cents (negative balances too)', () => {
    expect([19.99, 0.1, 0.2, 48.7, 1249.5, 0, -5.05].map(centsOf)).toEqual([1999, 10, 20, 4870, 124950, 0, -505]);
  });

  test('When 0.10 and 0.20 are summed, Then the total is 30 cents, not 0.30000000000000004 dollars', () => {
    expect(invoiceTotals([centsOf(0.1), centsOf(0.2)], 0).totalCents).toBe(30);
  });

  test('When an invoice is totalled, Then tax is $0.00, the total is the subtotal and the balance is total − paid', () => {
    const lines = draftFromOrder(
      order({
        id: 'a1',
        at: '2025-03-01T10:00:00Z',
        lines: [
          { id: 'p1', title: 'Ridge Blind', quantity: 3, price: 10.15, total: 30.45 },
          { id: 'custom_x', title: 'Delivery', quantity: 1, price: 19.99, total: 19.99 },
        ],
      }),
    );
    expect(draftTotals(lines, centsOf(20.44))).toEqual({
      subtotalCents: 5044,
      taxCents: 0,
      totalCents: 5044,
      paidCents: 2044,
      balanceCents: 3000,
    });
  });
});

describe('The invoice lines while the admin edits them', () => {
  const base = draftFromOrder(
    order({
      id: 'b1',
      at: '2025-03-01T10:00:00Z',
      lines: [{ id: 'p1', title: 'Ridge Blind', quantity: 2, price: 24.35, total: 48.7 }],
    }),
  );

  test('When a quantity is typed, Then a whole number of at least 1 is kept and anything else reverts to 1', () => {
    expect(['3', ' 12 ', '0', '-2', '1.5', 'abc', '', '1e3'].map(typedQuantity)).toEqual([3, 12, 1, 1, 1, 1, 1, 1]);
  });

  test('When a quantity is edited, Then only that line changes and the totals follow in cents', () => {
    const edited = withQuantity(base, 'p1', 3);
    expect(edited[0]?.quantity).toBe(3);
    expect(draftTotals(edited, 0).totalCents).toBe(7305);
    expect(linesChanged({ product_details: order({ id: 'b1', at: 'x' }).product_details }, edited)).toBe(true);
  });

  test('When a product already on the order is added again, Then its quantity grows instead of a second line', () => {
    const added = addCatalogueLine(
      base,
      { product_id: 'p1', title: 'Ridge Blind', description: null, price: 24.35 },
      2,
    );
    expect(added).toHaveLength(1);
    expect(added[0]?.quantity).toBe(4);
    const other = addCatalogueLine(base, { product_id: 'p2', title: 'Brush Kit', description: 'Kit', price: 10.15 }, 1);
    expect(other.map((line) => [line.product_id, line.quantity, line.priceCents])).toEqual([
      ['p1', 2, 2435],
      ['p2', 1, 1015],
    ]);
  });

  test('When a custom item is added, Then its id starts with custom_ and it needs a description and a unit price', () => {
    const line = customLine(' Freight ', '12.5', 2, 'custom_1');
    expect(line).toEqual({
      product_id: 'custom_1',
      title: 'Freight',
      description: 'Freight',
      quantity: 2,
      priceCents: 1250,
      is_custom: true,
    });
    expect(customLine('Freight', '', 1)).toEqual({ problem: CUSTOM_ITEM_NEEDS });
    expect(customLine('', '5', 1)).toEqual({ problem: CUSTOM_ITEM_NEEDS });
    expect(customLine('Freight', '1.999', 1)).toEqual({ problem: CUSTOM_ITEM_NEEDS });
    expect(customLine('Freight', '-1', 1)).toEqual({ problem: CUSTOM_ITEM_NEEDS });
    expect(customLine('Freight', '0', 1)).toMatchObject({ priceCents: 0 });
    expect((customLine('Freight', '3', 1) as { product_id: string }).product_id).toMatch(/^custom_./);
  });

  test('When the lines are sent, Then prices are dollars with at most 2 decimals and a removed line is gone', () => {
    const lines = [...base, customLine('Freight', '0.3', 3, 'custom_9') as (typeof base)[number]];
    expect(linesPayload(lines)).toEqual([
      { product_id: 'p1', title: 'Ridge Blind', quantity: 2, price: 24.35, is_custom: false },
      { product_id: 'custom_9', title: 'Freight', description: 'Freight', quantity: 3, price: 0.3, is_custom: true },
    ]);
    expect(withoutLine(lines, 'p1').map((line) => line.product_id)).toEqual(['custom_9']);
  });
});

describe('The Orders tab: the server query of its filters, search and sort', () => {
  test('When nothing is chosen, Then the query asks only for the newest first', () => {
    expect(orderListQuery(NO_ORDER_LIST_FILTERS, DEFAULT_ORDER_SORT)).toEqual({ sort: '-created_at' });
    expect(narrowsOrders(NO_ORDER_LIST_FILTERS)).toBe(false);
  });

  test('When every filter is set, Then each goes as the parameter the server takes, and the contract accepts them', () => {
    const filters: OrderListFilters = {
      search: '  Timber ',
      status: 'delivered',
      payment: 'partially_paid',
      hold: 'held',
      dealer: { dealer_id: 'D-42', label: 'Timber Ridge Outdoors (Missoula, MT)' },
      from: '2025-03-01',
      to: '2025-03-31',
    };
    const query = orderListQuery(filters, DEFAULT_ORDER_SORT);
    expect(query).toEqual({
      sort: '-created_at',
      q: 'Timber',
      status: 'delivered',
      payment_status: 'partially_paid',
      on_hold: 'true',
      dealer_id: 'D-42',
      from: '2025-03-01',
      to: '2025-03-31',
    });
    expect(OrderListQuery.safeParse({ ...query, limit: '50' }).success).toBe(true);
    expect(OrderExportQuery.safeParse(query).success).toBe(true);
    expect(narrowsOrders(filters)).toBe(true);
  });

  test('When the Hold filter asks for the orders not on hold, Then on_hold=false, which the contract reads as false', () => {
    const query = orderListQuery({ ...NO_ORDER_LIST_FILTERS, hold: 'not_held' }, DEFAULT_ORDER_SORT);
    expect(query).toEqual({ sort: '-created_at', on_hold: 'false' });
    expect(OrderListQuery.parse(query).on_hold).toBe(false);
    expect(narrowsOrders({ ...NO_ORDER_LIST_FILTERS, hold: 'not_held' })).toBe(true);
  });

  test('When the search is still being typed, Then the query carries the text as it settled', () => {
    const filters = { ...NO_ORDER_LIST_FILTERS, search: 'timber ri' };
    expect(orderListQuery(filters, DEFAULT_ORDER_SORT, 'timber')).toEqual({ sort: '-created_at', q: 'timber' });
    expect(orderListQuery(filters, DEFAULT_ORDER_SORT, '   ')).toEqual({ sort: '-created_at' });
  });

  test('When a date is half typed, Then it is left out rather than refused by the server', () => {
    expect(orderListQuery({ ...NO_ORDER_LIST_FILTERS, from: '2025-0', to: '' }, DEFAULT_ORDER_SORT)).toEqual({
      sort: '-created_at',
    });
  });

  test('When the filters are offered, Then every order status and every payment status is among them', () => {
    expect([...ORDER_STATUS_CHOICES]).toEqual([
      'pending',
      'confirmed',
      'in_shipment',
      'shipped',
      'delivered',
      'cancelled',
    ]);
    expect([...PAYMENT_STATUS_CHOICES]).toEqual(['unpaid', 'partially_paid', 'fully_paid']);
  });

  test('When a header is clicked, Then the server sorts by its column, and clicking again flips the direction', () => {
    const byTotal = nextOrderSort<OrderListSortColumn>(DEFAULT_ORDER_SORT, 'total');
    expect(orderListQuery(NO_ORDER_LIST_FILTERS, byTotal).sort).toBe('total_value');
    expect(orderListQuery(NO_ORDER_LIST_FILTERS, nextOrderSort(byTotal, 'total')).sort).toBe('-total_value');
    expect(orderListQuery(NO_ORDER_LIST_FILTERS, { column: 'dealer', ascending: true }).sort).toBe(
      'dealer_business_name',
    );
    expect(orderListQuery(NO_ORDER_LIST_FILTERS, { column: 'status', ascending: false }).sort).toBe('-status');
    expect(orderListQuery(NO_ORDER_LIST_FILTERS, nextOrderSort(byTotal, 'date')).sort).toBe('-created_at');
  });

  test('When the count is shown, Then it comes from the total, and reads as loading until the first page', () => {
    expect(orderCountText(undefined, false)).toBe('Loading orders…');
    expect(orderCountText(0, true)).toBe('0 orders match your filters');
    expect(orderCountText(1, false)).toBe('1 order');
    expect(orderCountText(1, true)).toBe('1 order matches your filters');
    expect(orderCountText(2892, false)).toBe('2892 orders');
  });

  test('When the filtered orders are exported, Then the file is named orders-<date>.csv', () => {
    expect(ordersCsvFilename('America/Chicago', new Date('2025-03-04T12:00:00Z'))).toBe('orders-2025-03-04.csv');
    // 00:30 UTC on Mar 5 is still Mar 4 in Chicago: the file is named by the business's day
    expect(ordersCsvFilename('America/Chicago', new Date('2025-03-05T00:30:00Z'))).toBe('orders-2025-03-04.csv');
    expect(ordersCsvFilename('America/New_York', new Date('2025-03-05T05:30:00Z'))).toBe('orders-2025-03-05.csv');
  });
});

describe('Recording a payment', () => {
  test('When no type or no valid amount is given, Then the spec message answers', () => {
    for (const form of [
      EMPTY_PAYMENT,
      { ...EMPTY_PAYMENT, amount: '10' },
      { ...EMPTY_PAYMENT, method: 'cash' as const },
      { ...EMPTY_PAYMENT, method: 'cash' as const, amount: '0' },
      { ...EMPTY_PAYMENT, method: 'cash' as const, amount: '-5' },
      { ...EMPTY_PAYMENT, method: 'cash' as const, amount: '10.001' },
      { ...EMPTY_PAYMENT, method: 'cash' as const, amount: 'ten' },
    ]) {
      expect(paymentToRecord(form)).toEqual({ problem: PAYMENT_REQUIRED });
    }
  });

  test('When a check is paid, Then its number goes with it; other types carry no check number', () => {
    expect(paymentToRecord({ method: 'check', amount: '25.10', checkNumber: ' 1042 ', notes: '' })).toEqual({
      method: 'check',
      cents: 2510,
      checkNumber: '1042',
      notes: null,
    });
    expect(paymentToRecord({ method: 'cash', amount: '.5', checkNumber: '1042', notes: ' at the counter ' })).toEqual({
      method: 'cash',
      cents: 50,
      checkNumber: null,
      notes: 'at the counter',
    });
  });

  test('When a call fails, Then the message carries the server detail once, after the screen prefix', () => {
    const refused = { status: 409, data: { detail: 'Error: A payment cannot be recorded on a cancelled order' } };
    expect(paymentFailure(refused)).toBe('Error recording payment: A payment cannot be recorded on a cancelled order');
    expect(updateOrderFailure({ status: 500, data: 'oops' })).toBe('Error updating order: Unknown error');
    expect(updateOrderFailure({ status: 'FETCH_ERROR', error: 'x' })).toBe(
      'Error updating order: no answer from the server',
    );
    expect(
      invoiceEmailFailure({ status: 502, data: { detail: 'Error sending invoice email: connection refused' } }),
    ).toBe('Error sending invoice email: connection refused');
    expect(invoiceEmailFailure({ status: 404, data: { detail: 'Error: Order not found' } })).toBe(
      'Error sending invoice email: Order not found',
    );
  });
});

describe('The invoice status select and the PDF file name', () => {
  test('When the invoice opens from the Orders tab or the dealer detail, Then each shows the spec options', () => {
    expect(statusOptions('orders', 'pending')).toEqual([
      'pending',
      'confirmed',
      'in_shipment',
      'delivered',
      'cancelled',
    ]);
    expect(statusOptions('dealer-detail', 'pending')).toEqual(['pending', 'confirmed', 'shipped', 'cancelled']);
    // the order's own status is always selectable, even when the screen does not list it
    expect(statusOptions('orders', 'shipped')[0]).toBe('shipped');
  });

  test('When the PDF arrives, Then its name comes from Content-Disposition, else invoice-<NUMBER>.pdf', () => {
    expect(pdfFilename('attachment; filename="invoice-AB12CD34.pdf"', 'AB12CD34')).toBe('invoice-AB12CD34.pdf');
    expect(pdfFilename(null, 'AB12CD34')).toBe('invoice-AB12CD34.pdf');
    expect(pdfFilename('attachment; filename="../../x.pdf"', 'N')).toBe('.._.._x.pdf');
  });
});

describe('The dealer detail: payment history, account and the timeline', () => {
  const first = order({
    id: 'aaaa1111',
    at: '2025-03-01T10:00:00Z',
    total: 100,
    paid: 60.1,
    payment_status: 'partially_paid',
    payments: [payment(60, '2025-03-02T10:00:00Z'), payment(0.1, '2025-03-04T10:00:00Z', { payment_method: 'check' })],
  });
  const second = order({
    id: 'bbbb2222',
    at: '2025-03-03T09:00:00Z',
    total: 0.2,
    paid: 0.2,
    payment_status: 'fully_paid',
    payments: [payment(0.2, '2025-03-03T12:00:00Z')],
  });
  const cancelled = order({ id: 'cccc3333', at: '2025-03-05T09:00:00Z', total: 50, status: 'cancelled' });

  test('When Payment History opens, Then every payment of the dealer shows newest first with an exact total', () => {
    const { payments, totalCents } = dealerPayments([first, second, cancelled]);
    expect(payments.map((p) => [p.order_number, p.amount])).toEqual([
      ['AAAA1111', 0.1],
      ['BBBB2222', 0.2],
      ['AAAA1111', 60],
    ]);
    expect(totalCents).toBe(6030);
  });

  test('When notes and orders are merged, Then the timeline runs newest first with the dealer events', () => {
    const notes: DealerNote[] = [
      {
        note_id: 'n1',
        dealer_id: 'd1',
        note_text: 'Called about spring stock',
        created_by_name: 'Admin',
        created_at: '2025-03-04T08:00:00Z',
        formatted_date: '',
      } as DealerNote,
    ];
    const timeline = dealerTimeline({ created_at: '2025-01-10T00:00:00Z', archived_at: null }, notes, [
      first,
      second,
      cancelled,
    ]);
    expect(timeline.map((entry) => entry.title)).toEqual([
      'Order #CCCC3333 placed',
      'Note by Admin',
      'Order #BBBB2222 placed',
      'Order #AAAA1111 placed',
      'Dealer joined',
    ]);
    expect(timeline[0]?.order?.order_id).toBe(cancelled.order_id);
    expect(timeline[2]?.text).toBe('1 item · $0.20 · Pending · Paid');
  });
});
