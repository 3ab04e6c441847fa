import { STATEMENT_MAX_DAYS } from '@portal/contracts';
import { isoDayIn } from '@portal/platform';
import {
  addDays,
  ageUnpaid,
  agingBucket,
  arAgingCsvRow,
  arAgingRow,
  assembleStatement,
  daysBetween,
  daysPastDue,
  dueDay,
  type StatementInput,
  statementFileName,
  statementPageLines,
  statementRange,
  statementRangeRefusal,
  statementView,
} from '../../src/domain/aging';

const CHICAGO = 'America/Chicago';

describe('aging buckets', () => {
  test.each([
    [-3, 'current'],
    [0, 'current'],
    [1, '1_30'],
    [30, '1_30'],
    [31, '31_60'],
    [60, '31_60'],
    [61, '61_90'],
    [90, '61_90'],
    [91, 'over_90'],
    [4000, 'over_90'],
  ])('When an amount is %i days past due, Then it is in %s', (days, bucket) => {
    expect(agingBucket(days)).toBe(bucket);
  });
});

describe('due days and days past due, in calendar days of the system timezone', () => {
  test('When an order is confirmed, Then it is due its terms in days after the day of its confirmation there', () => {
    // 15:00 UTC is 09:00 in Chicago, the same day
    expect(dueDay(isoDayIn('2026-01-10T15:00:00Z', CHICAGO), 30)).toBe('2026-02-09');
    // 03:00 UTC is still the evening before in Chicago
    expect(dueDay(isoDayIn('2026-01-10T03:00:00Z', CHICAGO), 30)).toBe('2026-02-08');
    expect(dueDay(isoDayIn('2026-01-10T03:00:00Z', 'UTC'), 30)).toBe('2026-02-09');
    expect(dueDay('2026-01-10', 0)).toBe('2026-01-10');
  });

  test('When an order is not confirmed, Then it has no due day and is never past due', () => {
    expect(dueDay(null, 30)).toBeNull();
    expect(daysPastDue(null, '2030-01-01')).toBe(0);
  });

  test('When the due day is today or later, Then it is 0 days past due; the day after it is 1', () => {
    expect(daysPastDue('2026-02-09', '2026-02-09')).toBe(0);
    expect(daysPastDue('2026-02-09', '2026-02-01')).toBe(0);
    expect(daysPastDue('2026-02-09', '2026-02-10')).toBe(1);
    expect(daysPastDue('2026-02-09', '2026-03-11')).toBe(30);
    expect(daysPastDue('2026-02-09', '2026-03-12')).toBe(31);
  });

  test('When the days span a daylight-saving change (23- or 25-hour days), Then each still counts as one day', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2); // spring forward on Mar 8 in the US
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2); // fall back on Nov 1
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    // confirmed at 23:30 CDT on the spring-forward day (04:30 UTC the next day): its day is Mar 8
    expect(dueDay(isoDayIn('2026-03-09T04:30:00Z', CHICAGO), 1)).toBe('2026-03-09');
    // confirmed at 00:30 CST just after the fall-back night: Nov 2 there, though 06:30 UTC
    expect(dueDay(isoDayIn('2026-11-02T06:30:00Z', CHICAGO), 30)).toBe('2026-12-02');
    // due on the spring-forward day, the next day is 1 day past due though only 23 hours passed
    expect(daysPastDue(dueDay('2026-03-07', 1), '2026-03-09')).toBe(1);
  });
});

describe('ageUnpaid', () => {
  test('When a dealer has orders under its terms, some partly paid, Then each unpaid remainder is in its bucket', () => {
    const terms = { termsDays: 15, asOfDay: '2026-06-30' };
    const aged = ageUnpaid(
      [
        // due Jun 30 (15 days after Jun 15): 0 days past due
        { confirmed_day: '2026-06-15', unpaid_cents: 1_000 },
        // due May 31: 30 days past due, partly paid (unpaid 1,234 of more)
        { confirmed_day: '2026-05-16', unpaid_cents: 1_234 },
        // due May 30: 31 days
        { confirmed_day: '2026-05-15', unpaid_cents: 10 },
        // due Mar 31: 91 days
        { confirmed_day: '2026-03-16', unpaid_cents: 7 },
        // not confirmed: current however old
        { confirmed_day: null, unpaid_cents: 500 },
      ],
      terms,
    );
    expect(aged.aging).toEqual({ current: 1_500, '1_30': 1_234, '31_60': 10, '61_90': 0, over_90: 7 });
    expect(aged.balance_cents).toBe(2_751);
    expect(aged.oldest_due_day).toBe('2026-03-31');
  });

  test('When the terms are longer, Then the same order is less past due', () => {
    const order = [{ confirmed_day: '2026-05-01', unpaid_cents: 100 }];
    const asOf = { asOfDay: '2026-07-01' };
    expect(ageUnpaid(order, { ...asOf, termsDays: 0 }).aging.over_90).toBe(0);
    expect(ageUnpaid(order, { ...asOf, termsDays: 0 }).aging['61_90']).toBe(100); // 61 days
    expect(ageUnpaid(order, { ...asOf, termsDays: 1 }).aging['31_60']).toBe(100); // 60 days
    expect(ageUnpaid(order, { ...asOf, termsDays: 61 }).aging.current).toBe(100); // due Jul 1
  });
});

const at = (iso: string) => new Date(iso);

function input(fields: Partial<StatementInput> = {}): StatementInput {
  return {
    from: '2026-06-01',
    to: '2026-06-30',
    timeZone: 'UTC',
    termsDays: 30,
    openingCents: 0,
    orders: [],
    payments: [],
    openOrders: [],
    ...fields,
  };
}

describe('assembleStatement', () => {
  test('When orders and payments fall in the range, Then each line carries the running balance and closing adds up', () => {
    const statement = assembleStatement(
      input({
        openingCents: 5_000,
        orders: [
          {
            order_id: 'order-0000000b',
            po_number: 'PO-7',
            created_at: at('2026-06-10T10:00:00Z'),
            created_day: '2026-06-10',
            confirmed_day: '2026-06-11',
            total_cents: 20_000,
            on_hold: false,
          },
          {
            order_id: 'order-0000000a',
            po_number: null,
            created_at: at('2026-06-02T10:00:00Z'),
            created_day: '2026-06-02',
            confirmed_day: null,
            total_cents: 1_001,
            on_hold: true,
          },
        ],
        payments: [
          {
            payment_id: 'pay-1',
            order_id: 'order-0000000b',
            po_number: 'PO-7',
            payment_method: 'check',
            check_number: '1042',
            amount_cents: 7_500,
            // the same instant as the order: the order comes first
            created_at: at('2026-06-10T10:00:00Z'),
            day: '2026-06-10',
          },
          {
            payment_id: 'pay-2',
            order_id: 'order-old',
            po_number: null,
            payment_method: 'cash',
            check_number: null,
            amount_cents: 5_000,
            created_at: at('2026-06-01T00:00:00Z'),
            day: '2026-06-01',
          },
        ],
      }),
    );
    expect(statement.lines.map((line) => [line.kind, line.description, line.balance_cents])).toEqual([
      ['payment', 'Payment (cash) · Order RDER-OLD', 0],
      ['order', 'Order 0000000A', 1_001],
      ['order', 'Order 0000000B · PO PO-7', 21_001],
      ['payment', 'Payment (check 1042) · Order 0000000B', 13_501],
    ]);
    expect(statement.lines[2]?.due_date).toBe('2026-07-11');
    expect(statement.lines[1]?.due_date).toBeNull();
    expect(statement).toMatchObject({ charges_cents: 21_001, payments_cents: 12_500, closing_cents: 13_501 });
  });

  test('When orders are unpaid at the end, Then aging and open invoices are as of `to`, oldest due first', () => {
    const order = (id: string, confirmed: string | null, total: number, paid: number) => ({
      order_id: id,
      po_number: null,
      created_at: at('2026-01-05T10:00:00Z'),
      created_day: '2026-01-05',
      confirmed_day: confirmed,
      total_cents: total,
      paid_cents: paid,
      on_hold: false,
    });
    const statement = assembleStatement(
      input({
        termsDays: 10,
        openOrders: [
          order('a-00000001', null, 100, 0),
          order('a-00000002', '2026-06-10', 1_000, 400), // due Jun 20: 10 days
          order('a-00000003', '2026-02-01', 300, 0), // due Feb 11: 139 days
          order('a-00000004', '2026-01-01', 50, 50), // paid: not open
        ],
      }),
    );
    expect(statement.aging).toEqual({ current: 100, '1_30': 600, '31_60': 0, '61_90': 0, over_90: 300 });
    expect(statement.open_invoices.map((i) => [i.order_number, i.due_date, i.days_past_due, i.bucket])).toEqual([
      ['00000003', '2026-02-11', 139, 'over_90'],
      ['00000002', '2026-06-20', 10, '1_30'],
      ['00000001', null, 0, 'current'],
    ]);
    expect(statement.open_invoices[1]).toMatchObject({ total_cents: 1_000, paid_cents: 400, balance_cents: 600 });
  });

  test('When viewed as the contract, Then money is dollars and a negative balance stays negative', () => {
    const statement = assembleStatement(input({ openingCents: -1_050 }));
    const page = { ...statement, entry_count: 0, next_cursor: null, open_invoice_count: 0 };
    const view = statementView(page, { dealer_id: 'D1', business_name: 'Timber', credit_limit_cents: 123_456 });
    expect(view).toMatchObject({
      opening_balance: -10.5,
      closing_balance: -10.5,
      credit_limit: 1234.56,
      aging: { current: 0, '1_30': 0, '31_60': 0, '61_90': 0, over_90: 0 },
      entry_count: 0,
      next_cursor: null,
      open_invoice_count: 0,
    });
  });

  test('When a later page is made, Then its running balance goes on from the balance before it, in the order read', () => {
    const lines = statementPageLines(
      [
        {
          kind: 'payment',
          payment_id: 'pay-9',
          order_id: 'order-0000000b',
          po_number: null,
          payment_method: 'card',
          check_number: null,
          amount_cents: 2_500,
          created_at: at('2026-06-10T10:00:00Z'),
          day: '2026-06-10',
        },
        {
          kind: 'order',
          order_id: 'order-0000000c',
          po_number: 'PO-8',
          created_at: at('2026-06-11T10:00:00Z'),
          created_day: '2026-06-11',
          confirmed_day: '2026-06-12',
          total_cents: 1_000,
          on_hold: false,
        },
      ],
      13_501,
      30,
    );
    expect(lines.map((line) => [line.kind, line.description, line.due_date, line.balance_cents])).toEqual([
      ['payment', 'Payment (card) · Order 0000000B', null, 11_001],
      ['order', 'Order 0000000C · PO PO-8', '2026-07-12', 12_001],
    ]);
  });
});

describe('the statement range', () => {
  test('When no days are given, Then it ends today and starts the default days before', () => {
    expect(statementRange({}, '2026-06-30', 90)).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(statementRange({ to: '2026-03-31' }, '2026-06-30', 90)).toEqual({ from: '2025-12-31', to: '2026-03-31' });
    expect(statementRange({ from: '2026-06-01' }, '2026-06-30', 90)).toEqual({ from: '2026-06-01', to: '2026-06-30' });
  });

  test('When it starts after it ends or covers too many days, Then it is refused; one day and the maximum are fine', () => {
    expect(statementRangeRefusal({ from: '2026-06-02', to: '2026-06-01' }, STATEMENT_MAX_DAYS)).toBe('order');
    expect(statementRangeRefusal({ from: '2026-06-01', to: '2026-06-01' }, STATEMENT_MAX_DAYS)).toBeNull();
    const to = '2026-06-30';
    const longest = addDays(to, -(STATEMENT_MAX_DAYS - 1));
    expect(statementRangeRefusal({ from: longest, to }, STATEMENT_MAX_DAYS)).toBeNull();
    expect(statementRangeRefusal({ from: addDays(longest, -1), to }, STATEMENT_MAX_DAYS)).toBe('length');
  });

  test('When the PDF is named, Then the business name becomes a slug, else the dealer id', () => {
    expect(statementFileName('D1', 'Timber & Sons, Café', '2026-01-01', '2026-03-31')).toBe(
      'statement-timber-sons-cafe-2026-01-01-2026-03-31.pdf',
    );
    expect(statementFileName('D1X9', '  ', '2026-01-01', '2026-03-31')).toBe(
      'statement-d1x9-2026-01-01-2026-03-31.pdf',
    );
    expect(statementFileName('D1', '漢字', '2026-01-01', '2026-01-01')).toBe('statement-d1-2026-01-01-2026-01-01.pdf');
  });
});

describe('the AR aging row', () => {
  const dealer = {
    dealer_id: 'D1',
    business_name: '=Timber',
    full_name: 'Pat',
    email: 'pat@example.com',
    payment_terms_days: 30,
    credit_limit_cents: '500000',
    unpaid: [
      { confirmed_day: '2026-01-01', unpaid_cents: 12_345 },
      { confirmed_day: null, unpaid_cents: 100 },
    ],
  };
  const asOf = { asOfDay: '2026-03-02' };

  test('When a dealer owes, Then its row sums the buckets and names the oldest due day', () => {
    expect(arAgingRow(dealer, asOf)).toEqual({
      dealer_id: 'D1',
      dealer_business_name: '=Timber',
      dealer_email: 'pat@example.com',
      payment_terms_days: 30,
      credit_limit: 5000,
      current: 1,
      '1_30': 123.45, // due Jan 31: 30 days on Mar 2
      '31_60': 0,
      '61_90': 0,
      over_90: 0,
      balance: 124.45,
      oldest_due_date: '2026-01-31',
    });
  });

  test('When written to CSV, Then text is made inert and money has 2 decimals', () => {
    expect(arAgingCsvRow(dealer, asOf)).toEqual([
      "'=Timber",
      'pat@example.com',
      30,
      '5000.00',
      '1.00',
      '123.45',
      '0.00',
      '0.00',
      '0.00',
      '124.45',
      '2026-01-31',
    ]);
  });
});
