import {
  DealerStatus,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  RouteMode,
  SHIPMENT_STATUS_FILTERS,
  ShipmentStatus,
} from '@portal/contracts';
import { bulkDeleteQuestion, keepShown } from '../../src/features/dealers/bulkSelection';
import { dealerCountText } from '../../src/features/dealers/dealerFilters';
import { orderSummary } from '../../src/features/dealers/dealerTimeline';
import { orderCountText } from '../../src/features/orders/orderQuery';
import { countOf, listNames, nounFor } from '../../src/format/count';
import { formatFileSize } from '../../src/format/fileSize';
import {
  DEALER_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  orderStatusText,
  PAYMENT_STATUS_LABELS,
  paymentStatusText,
  ROUTE_MODE_LABELS,
  SHIPMENT_FILTER_LABELS,
  SHIPMENT_STATUS_LABELS,
} from '../../src/format/statusLabels';

describe('counts with their nouns', () => {
  test('When a count is one, Then its noun is singular; zero and many are plural', () => {
    expect(countOf(1, 'item', 'items')).toBe('1 item');
    expect(countOf(0, 'item', 'items')).toBe('0 items');
    expect(countOf(2, 'dealer', 'dealers')).toBe('2 dealers');
    expect(countOf(1250, 'order', 'orders')).toBe('1,250 orders');
    expect(nounFor(1, 'matches', 'match')).toBe('matches');
    expect(nounFor(3, 'matches', 'match')).toBe('match');
  });

  test('When the screens count dealers and orders, Then one reads singular', () => {
    expect(dealerCountText(1, false)).toBe('1 dealer');
    expect(dealerCountText(1, true)).toBe('1 dealer matches your filters');
    expect(orderCountText(1, false)).toBe('1 order');
    expect(orderCountText(2, true)).toBe('2 orders match your filters');
  });
});

describe('statuses as words', () => {
  const words = /^[A-Z][a-z]+( [a-z]+)*$/;

  test('When any status of the contracts is shown as a label, Then it has words, never the raw value', () => {
    const maps: [readonly string[], Readonly<Record<string, string>>][] = [
      [ORDER_STATUSES, ORDER_STATUS_LABELS],
      [PAYMENT_STATUSES, PAYMENT_STATUS_LABELS],
      [DealerStatus.options, DEALER_STATUS_LABELS],
      [ShipmentStatus.options, SHIPMENT_STATUS_LABELS],
      [SHIPMENT_STATUS_FILTERS, SHIPMENT_FILTER_LABELS],
      [RouteMode.options, ROUTE_MODE_LABELS],
    ];
    for (const [statuses, labels] of maps) {
      expect(Object.keys(labels).sort()).toEqual([...statuses].sort());
      for (const status of statuses) expect(labels[status]).toMatch(words);
    }
  });

  test('When an order in a shipment is described, Then it reads "In shipment" and "Partially paid"', () => {
    expect(orderStatusText('in_shipment')).toBe('In shipment');
    expect(paymentStatusText('partially_paid')).toBe('Partially paid');
  });

  test("When a dealer's timeline sums up a one-line order, Then it reads 1 item and the statuses in words", () => {
    const order = {
      order_id: 'o1',
      status: 'in_shipment',
      payment_status: 'unpaid',
      total_value: 12.5,
      product_details: [{ quantity: 1 }],
    } as unknown as Parameters<typeof orderSummary>[0];
    expect(orderSummary(order)).toBe('1 item · $12.50 · In shipment · Unpaid');
  });
});

describe('file sizes', () => {
  test('When a picture is under 1 MB, Then its size reads in KB, never "0.0 MB"', () => {
    expect(formatFileSize(50 * 1024)).toBe('50 KB');
    expect(formatFileSize(300)).toBe('1 KB');
    expect(formatFileSize(0)).toBe('0 KB');
    expect(formatFileSize(1023 * 1024)).toBe('1023 KB');
  });

  test('When a picture is 1 MB or more, Then its size reads in MB to one decimal', () => {
    expect(formatFileSize(1024 * 1024 - 100)).toBe('1.0 MB');
    expect(formatFileSize(2_516_582)).toBe('2.4 MB');
  });
});

describe('bulk selection', () => {
  test('When the filter hides selected dealers, Then only the shown ones stay selected', () => {
    const selected = new Set(['a', 'b', 'c']);
    expect([...keepShown(selected, ['b', 'c', 'd'])]).toEqual(['b', 'c']);
    expect(keepShown(selected, ['a', 'b', 'c', 'd'])).toBe(selected);
    expect(keepShown(selected, []).size).toBe(0);
  });

  test('When Delete Selected asks, Then it gives the count and the names, the long tail counted', () => {
    expect(bulkDeleteQuestion(['Acme Blinds'])).toBe('Delete 1 dealer: Acme Blinds?');
    expect(bulkDeleteQuestion(['A', 'B', 'C'])).toBe('Delete 3 dealers: A, B, C?');
    const many = Array.from({ length: 17 }, (_, index) => `Dealer ${index + 1}`);
    expect(bulkDeleteQuestion(many)).toBe(
      'Delete 17 dealers: Dealer 1, Dealer 2, Dealer 3, Dealer 4, Dealer 5 and 12 more?',
    );
    expect(listNames([])).toBe('');
  });
});
