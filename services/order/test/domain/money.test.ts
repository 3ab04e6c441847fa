import { centsToDollars, formatCents, MAX_AMOUNT_CENTS, parseCents } from '@portal/contracts';

describe('money in integer cents', () => {
  test.each<[string | number, number]>([
    ['12.34', 1234],
    ['12.3', 1230],
    ['0.1', 10],
    ['4.35', 435], // 4.35 * 100 is 434.99999999999994 in floats
    ['1.15', 115], // 1.15 * 100 is 114.99999999999999 in floats
    ['5', 500],
    ['.5', 50],
    ['12.340', 1234],
    [12.34, 1234],
    [4.35, 435],
    [1.15, 115],
    [0.29, 29],
    [1e21 / 1e12, 100_000_000_000], // 1000000000 dollars, printed plainly
    [0, 0],
  ])('When %p is read, Then it is %p cents', (amount, cents) => {
    expect(parseCents(amount)).toBe(cents);
  });

  test.each<string | number>(['12.345', 12.345, '-1', -1, '1e3', 1e-7, 'abc', '', '.', '1,000', Number.NaN, Infinity])(
    'When %p is read, Then it is not an amount',
    (amount) => {
      expect(parseCents(amount)).toBeNull();
    },
  );

  test('When an amount is above the maximum, Then it is not an amount', () => {
    expect(parseCents(formatCents(MAX_AMOUNT_CENTS))).toBe(MAX_AMOUNT_CENTS);
    expect(parseCents('99999999999.99')).toBeNull();
  });

  test('When cents are formatted, Then they read as dollars with 2 decimals', () => {
    expect(formatCents(1234)).toBe('12.34');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(100_000)).toBe('1000.00');
    expect(() => formatCents(1.5)).toThrow();
  });

  test('When cents become JSON dollars, Then JSON prints the exact 2-decimal value', () => {
    expect(JSON.stringify(centsToDollars(1999))).toBe('19.99');
    expect(JSON.stringify(centsToDollars(30))).toBe('0.3');
    expect(JSON.stringify(centsToDollars(435))).toBe('4.35');
    // every cent value round-trips through JSON
    for (let cents = 0; cents < 20000; cents += 7)
      expect(parseCents(JSON.parse(JSON.stringify(centsToDollars(cents))))).toBe(cents);
  });
});
