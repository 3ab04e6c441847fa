import { centsToDollars, MAX_PRICE_CENTS, parsePriceCents } from '../../src/domain/price';

describe('a price typed in dollars, read as integer cents', () => {
  test.each<[string, number]>([
    ['12.3', 1230],
    ['19.99', 1999],
    ['0.1', 10],
    ['0.2', 20],
    ['0.29', 29],
    ['4.35', 435], // 4.35 * 100 is 434.99999999999994 in floats
    ['1.15', 115], // 1.15 * 100 is 114.99999999999999 in floats
    ['0', 0],
    ['0.00', 0],
    ['5', 500],
    ['5.', 500],
    ['.5', 50],
    ['007.50', 750],
    ['12.340', 1234],
    [' 7 ', 700],
    ['9999999.99', MAX_PRICE_CENTS],
  ])('When %j is typed, Then it is %d cents', (text, cents) => {
    expect(parsePriceCents(text)).toBe(cents);
  });

  test('When 0.1 and 0.2 are added, Then they make exactly 30 cents (never 0.30000000000000004)', () => {
    const sum = (parsePriceCents('0.1') ?? Number.NaN) + (parsePriceCents('0.2') ?? Number.NaN);
    expect(sum).toBe(30);
    expect(centsToDollars(sum)).toBe(0.3);
  });

  test.each([
    '',
    ' ',
    '.',
    'abc',
    '12.345',
    '12.3.4',
    '-1',
    '+1',
    '1e3',
    '0x10',
    '1,000',
    '$12',
    '12 .5',
    'Infinity',
    'NaN',
    '１２', // full-width digits
    '10000000',
    '99999999999999999999',
  ])('When %j is typed, Then it is not a price', (text) => {
    expect(parsePriceCents(text)).toBeNull();
  });
});

describe('cents shown as dollars at the JSON edge', () => {
  test.each<[number, number]>([
    [1999, 19.99],
    [1230, 12.3],
    [435, 4.35],
    [30, 0.3],
    [0, 0],
    [MAX_PRICE_CENTS, 9999999.99],
  ])('When %d cents are shown, Then the JSON number is %d', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
    expect(JSON.stringify(centsToDollars(cents))).toBe(String(dollars));
  });

  test('When cents are not a whole number, Then it is a bug and throws', () => {
    expect(() => centsToDollars(12.5)).toThrow('cents must be an integer');
  });
});
