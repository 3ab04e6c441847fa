import {
  agingFlags,
  agingLines,
  arAgingCsvFilename,
  dueText,
  isOverdue,
  moreOpenInvoices,
  PAST_DUE_CHOICES,
  pastDueChoice,
  pastDueTotal,
  statementFilename,
  statementQuery,
  statementRangeProblem,
} from '../../src/features/account/accountView';

const aging = { current: 100.1, '1_30': 0.2, '31_60': 0.1, '61_90': 0, over_90: 12.5 };

describe("A dealer's aging as the screens show it", () => {
  test('When the buckets are listed, Then they read oldest last with their labels, and all but Current are past due', () => {
    expect(agingLines(aging)).toEqual([
      { bucket: 'current', label: 'Current', amount: 100.1, pastDue: false },
      { bucket: '1_30', label: '1–30 days', amount: 0.2, pastDue: true },
      { bucket: '31_60', label: '31–60 days', amount: 0.1, pastDue: true },
      { bucket: '61_90', label: '61–90 days', amount: 0, pastDue: true },
      { bucket: 'over_90', label: 'Over 90 days', amount: 12.5, pastDue: true },
    ]);
  });

  test('When what is past due is summed, Then it is to the cent (0.2 + 0.1 is not 0.30000000000000004)', () => {
    expect(pastDueTotal(aging)).toBe(12.8);
    expect(pastDueTotal({ current: 5, '1_30': 0.1, '31_60': 0.2, '61_90': 0, over_90: 0 })).toBe(0.3);
  });

  test('When an open invoice is due, late or not yet confirmed, Then its due text says so', () => {
    expect(dueText({ due_date: '2026-03-01', days_past_due: 12 })).toBe('12 days past due');
    expect(dueText({ due_date: '2026-03-01', days_past_due: 1 })).toBe('1 day past due');
    expect(dueText({ due_date: '2026-03-01', days_past_due: 0 })).toBe('Not yet due');
    expect(dueText({ due_date: null, days_past_due: 0 })).toBe('Due once confirmed');
    expect(isOverdue({ days_past_due: 1 })).toBe(true);
    expect(isOverdue({ days_past_due: 0 })).toBe(false);
  });

  test('When the statement lists fewer open invoices than it counted, Then the rest are "more"; never fewer than 0', () => {
    expect(moreOpenInvoices(50, 1191)).toBe(1141);
    expect(moreOpenInvoices(3, 3)).toBe(0);
    expect(moreOpenInvoices(0, 0)).toBe(0);
  });
});

describe("A statement's range", () => {
  test('When a day is left blank, Then the server chooses it and nothing is wrong', () => {
    expect(statementRangeProblem('', '')).toBeNull();
    expect(statementRangeProblem('2026-05-01', '')).toBeNull();
    expect(statementQuery({ from: '', to: '2026-05-01' })).toEqual({ to: '2026-05-01' });
    expect(statementQuery({ from: '', to: '' })).toEqual({});
  });

  test('When the first day is after the last, Then the server’s message says so before asking it', () => {
    expect(statementRangeProblem('2026-05-02', '2026-05-01')).toBe(
      'Error: The statement must start on or before its last day',
    );
    expect(statementRangeProblem('2026-05-01', '2026-05-01')).toBeNull();
  });

  test('When the range covers more than 1,830 days, Then it is too long; 1,830 days exactly is not', () => {
    // 2021-01-01 to 2026-01-04 inclusive is 1,830 days (2024 is a leap year)
    expect(statementRangeProblem('2021-01-01', '2026-01-04')).toBeNull();
    expect(statementRangeProblem('2021-01-01', '2026-01-05')).toBe('Error: A statement covers at most 1830 days');
  });

  test('When the PDF names itself, Then its name is kept (no path); else the range names it', () => {
    const range = { from: '2026-01-01', to: '2026-03-31' };
    expect(statementFilename('attachment; filename="statement-ACME.pdf"', range)).toBe('statement-ACME.pdf');
    expect(statementFilename("attachment; filename*=UTF-8''a%2Fb.pdf", range)).toBe('a_b.pdf');
    expect(statementFilename(null, range)).toBe('statement-2026-01-01-to-2026-03-31.pdf');
  });
});

describe('The AR aging report', () => {
  test('When a balance is over the credit limit or something is over 90 days, Then the line is marked so', () => {
    expect(agingFlags({ balance: 100.01, credit_limit: 100, over_90: 0 })).toEqual({ overLimit: true, over90: false });
    expect(agingFlags({ balance: 100, credit_limit: 100, over_90: 0.01 })).toEqual({ overLimit: false, over90: true });
    expect(agingFlags({ balance: 1e6, credit_limit: null, over_90: 0 })).toEqual({ overLimit: false, over90: false });
  });

  test('When the address holds a past-due filter, Then only one of the choices is taken', () => {
    for (const choice of PAST_DUE_CHOICES) expect(pastDueChoice(choice.value)).toBe(choice.value);
    expect(pastDueChoice('over_90,bogus')).toBe('');
    expect(PAST_DUE_CHOICES.at(-1)).toEqual({ value: 'over_90', label: 'More than 90 days past due' });
  });

  test('When it is exported, Then the file is named for the day in the system timezone', () => {
    // 03:30 UTC on March 5 is still March 4 in Chicago
    expect(arAgingCsvFilename('America/Chicago', new Date('2026-03-05T03:30:00Z'))).toBe('ar-aging-2026-03-04.csv');
  });
});
