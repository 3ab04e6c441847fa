import type { DealerProduct, PaymentStatus } from '@portal/contracts';
import { MAX_ORDER_QUANTITY } from '@portal/contracts';
import { newIdempotencyKey } from '../../src/features/order-products/idempotencyKey';
import {
  chosenLines,
  clampQuantity,
  MAX_QUANTITY,
  orderSummary,
  toCents,
} from '../../src/features/order-products/orderQuantities';
import { orderStatusLabel, paymentStatusLabel } from '../../src/features/orders/orderBadges';
import { formatCents } from '../../src/format/money';

function product(product_id: string, price: number): DealerProduct {
  return {
    product_id,
    title: product_id,
    description: null,
    price,
    image_filename: null,
    full_image_url: null,
    thumbnail_url: null,
    preview_url: null,
  } as DealerProduct;
}

describe('The quantity a dealer orders of a product (001 §9: an integer 0 to 100, clamped)', () => {
  test('When a whole number from 0 to 100 is typed, Then it is kept', () => {
    expect(['0', '1', '42', '100', ' 7 '].map(clampQuantity)).toEqual([0, 1, 42, 100, 7]);
  });

  test('When more than 100 is typed or stepped to, Then it becomes 100', () => {
    expect([clampQuantity('150'), clampQuantity('1e3'), clampQuantity(101)]).toEqual([100, 100, 100]);
  });

  test('When a negative number, a blank or junk is typed, Then it becomes 0', () => {
    expect(['-3', '-', '', '   ', 'abc', '12abc', 'NaN'].map(clampQuantity)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect([clampQuantity(-1), clampQuantity(Number.NaN)]).toEqual([0, 0]);
  });

  test('When a fraction is typed, Then the decimals are dropped (a whole number is sent)', () => {
    expect([clampQuantity('2.7'), clampQuantity(99.9)]).toEqual([2, 99]);
  });

  test('When the client limit is compared with the contract, Then they are the same', () => {
    expect(MAX_QUANTITY).toBe(MAX_ORDER_QUANTITY);
  });
});

describe('The order total, summed in integer cents', () => {
  test('When prices that binary floats cannot hold are multiplied and added, Then the total is exact', () => {
    // in float dollars: 10.15 * 3 = 30.449999999999996 and 0.1 + 0.2 = 0.30000000000000004
    const products = [product('a', 10.15), product('b', 0.1), product('c', 0.2)];
    const lines = chosenLines(products, { a: 3, b: 1, c: 1 });
    expect(lines.map((line) => line.lineCents)).toEqual([3045, 10, 20]);
    expect(orderSummary(lines)).toEqual({ items: 5, totalCents: 3075 });
    expect(formatCents(orderSummary(lines).totalCents)).toBe('$30.75');
  });

  test('When quantities are 0 or missing, Then those products are not in the order', () => {
    const lines = chosenLines([product('a', 5), product('b', 7), product('c', 9)], { a: 0, c: 2 });
    expect(lines.map((line) => line.product.product_id)).toEqual(['c']);
    expect(orderSummary(chosenLines([product('a', 5)], {}))).toEqual({ items: 0, totalCents: 0 });
  });

  test('When 100 of a $1,249.99 product are ordered, Then the total reads $124,999.00', () => {
    const { totalCents } = orderSummary(chosenLines([product('a', 1249.99)], { a: 100 }));
    expect(totalCents).toBe(12_499_900);
    expect(formatCents(totalCents)).toBe('$124,999.00');
  });

  test('When dollars become cents, Then the float error is rounded away', () => {
    expect([toCents(19.99), toCents(0.07), toCents(4.35), toCents(24.35)]).toEqual([1999, 7, 435, 2435]);
    expect([formatCents(0), formatCents(5), formatCents(4870)]).toEqual(['$0.00', '$0.05', '$48.70']);
  });
});

describe('An order attempt and its badges', () => {
  test('When two attempts are made, Then each has its own key', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^order-[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(first);
  });

  test('When an order is shown, Then its badges read the upper-cased status and UNPAID, PARTIAL or PAID', () => {
    expect(orderStatusLabel('in_shipment')).toBe('IN_SHIPMENT');
    expect(
      ['unpaid', 'partially_paid', 'fully_paid'].map((status) => paymentStatusLabel(status as PaymentStatus)),
    ).toEqual(['UNPAID', 'PARTIAL', 'PAID']);
  });
});
