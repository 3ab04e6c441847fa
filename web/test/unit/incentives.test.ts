import { type IncentiveProgram, type PerformanceRecord, TOP_PERFORMERS_DEFAULT_LIMIT } from '@portal/contracts';
import { writeCsv } from '../../src/csv/writeCsv';
import {
  achievementsCsvFilename,
  PROGRAMS_CSV_FILENAME,
  PROGRAMS_CSV_HEADER,
  programCsvRow,
} from '../../src/features/incentives/incentiveCsv';
import { CREATE_FAILED, programFailure, programSuccess } from '../../src/features/incentives/incentiveMessages';
import {
  addTier,
  canRemoveTier,
  draftProblem,
  MAX_TIERS,
  newProgramDraft,
  nextTierName,
  programDraft,
  programRequest,
  removeTier,
  type TierDraft,
  updateTier,
} from '../../src/features/incentives/programDraft';
import { formatMetricValue, formatThreshold, plural } from '../../src/features/performance/metrics';
import {
  DEFAULT_PERFORMANCE_SORT,
  nextPerformanceSort,
  performanceQuery,
} from '../../src/features/performance/performanceTable';
import { BEST_PERFORMERS_LIMIT, rankPerformers } from '../../src/features/performance/ranking';
import { formatCalendarDate } from '../../src/format/date';
import { formatWholeDollars } from '../../src/format/money';

function dealer(
  id: string,
  name: string,
  revenue: number,
  orders: number,
  items: number,
  city = 'Austin',
): PerformanceRecord {
  return {
    dealer_id: id,
    business_name: name,
    dealer_name: name,
    dealer_city: city,
    dealer_state: 'TX',
    total_revenue: revenue,
    total_orders: orders,
    total_items: items,
    avg_order_value: orders ? Math.round((revenue / orders) * 100) / 100 : 0,
    total_paid: 0,
  };
}

const PROGRAM: IncentiveProgram = {
  id: 'p1',
  program_name: 'Spring Push 2025',
  start_date: '2025-03-01',
  end_date: '2025-05-31',
  enabled: true,
  tiers: [
    { id: 't1', name: 'Bronze', metric: 'revenue', value: 10000, reward: '2% rebate', notify_dealer: true },
    { id: 't2', name: 'Silver', metric: 'orders', value: 25, reward: 'Free display', notify_dealer: false },
  ],
};

describe('Money and figures in the performance views', () => {
  test('When revenue is shown, Then it is USD without decimals, rounded to the dollar', () => {
    expect(formatWholeDollars(12345.5)).toBe('$12,346');
    expect(formatWholeDollars(0)).toBe('$0');
    expect(formatWholeDollars(999.49)).toBe('$999');
    expect(formatMetricValue('revenue', 1234567.89)).toBe('$1,234,568');
  });

  test('When orders or items are shown, Then they are whole counts with separators', () => {
    expect(formatMetricValue('orders', 1204)).toBe('1,204');
    expect(formatMetricValue('items', 7)).toBe('7');
    expect(plural(1, 'order')).toBe('1 order');
    expect(plural(1500, 'item')).toBe('1,500 items');
  });

  test('When a revenue threshold has cents, Then the tier table keeps them; a whole one has none', () => {
    expect(formatThreshold('revenue', 10000)).toBe('$10,000');
    expect(formatThreshold('revenue', 2500.5)).toBe('$2,500.50');
    expect(formatThreshold('orders', 25)).toBe('25');
  });

  test('When a program date is shown, Then it is the same calendar day in every time zone', () => {
    expect(formatCalendarDate('2025-03-01')).toBe('Mar 1, 2025');
    expect(formatCalendarDate('2025-12-31')).toBe('Dec 31, 2025');
  });
});

describe('The Best performers card', () => {
  const records = [
    dealer('d1', 'Oak', 5000, 2, 40),
    dealer('d2', 'Pine', 12000, 5, 10),
    dealer('d3', 'Elm', 8000, 9, 10),
    dealer('d4', 'Ash', 0, 0, 0),
    dealer('d5', 'Birch', 7000, 1, 3),
    dealer('d6', 'Cedar', 6000, 3, 12),
  ];

  test('When ranked by revenue, Then at most four dealers show, best first', () => {
    expect(BEST_PERFORMERS_LIMIT).toBe(TOP_PERFORMERS_DEFAULT_LIMIT);
    expect(BEST_PERFORMERS_LIMIT).toBe(4);
    const ranked = rankPerformers(records, 'revenue');
    expect(ranked.map((entry) => [entry.rank, entry.record.dealer_name, entry.value])).toEqual([
      [1, 'Pine', 12000],
      [2, 'Elm', 8000],
      [3, 'Birch', 7000],
      [4, 'Cedar', 6000],
    ]);
  });

  test('When ranked by orders or items sold, Then the metric decides the order', () => {
    expect(rankPerformers(records, 'orders').map((entry) => entry.record.dealer_name)).toEqual([
      'Elm',
      'Pine',
      'Cedar',
      'Oak',
    ]);
    expect(rankPerformers(records, 'items').map((entry) => entry.record.dealer_name)).toEqual([
      'Oak',
      'Cedar',
      'Elm',
      'Pine',
    ]);
  });

  test('When dealers tie, Then they share a rank and the next rank skips; dealers at 0 are left out', () => {
    const ranked = rankPerformers(records, 'items', 10);
    expect(ranked.map((entry) => [entry.rank, entry.record.dealer_name])).toEqual([
      [1, 'Oak'],
      [2, 'Cedar'],
      [3, 'Elm'],
      [3, 'Pine'],
      [5, 'Birch'],
    ]);
  });

  test('When there are no figures, Then there are no cards', () => {
    expect(rankPerformers([], 'revenue')).toEqual([]);
    expect(rankPerformers([dealer('d4', 'Ash', 0, 0, 0)], 'orders')).toEqual([]);
  });
});

describe('The Performance Data table', () => {
  test('When it opens, Then the server is asked for dealers by revenue, highest first', () => {
    expect(performanceQuery('', DEFAULT_PERFORMANCE_SORT)).toEqual({ q: '', sort: '-total_revenue' });
  });

  test('When a header is clicked, Then text columns start A→Z, figures highest first, a second click flips, and the server sorts', () => {
    const byDealer = nextPerformanceSort(DEFAULT_PERFORMANCE_SORT, 'dealer');
    expect(byDealer).toEqual({ column: 'dealer', ascending: true });
    expect(performanceQuery('', byDealer).sort).toBe('business_name');
    const byOrders = nextPerformanceSort(byDealer, 'orders');
    expect(byOrders).toEqual({ column: 'orders', ascending: false });
    expect(performanceQuery('', byOrders).sort).toBe('-total_orders');
    expect(nextPerformanceSort(byOrders, 'orders')).toEqual({ column: 'orders', ascending: true });
    expect(performanceQuery('', { column: 'items', ascending: false }).sort).toBe('-total_items');
    expect(performanceQuery('', { column: 'average', ascending: true }).sort).toBe('avg_order_value');
  });

  test('When searching, Then the trimmed text goes to the server as q', () => {
    expect(performanceQuery('  Oak ', DEFAULT_PERFORMANCE_SORT).q).toBe('Oak');
    expect(performanceQuery('   ', DEFAULT_PERFORMANCE_SORT).q).toBe('');
  });
});

describe('The tier editor', () => {
  test('When a program is created, Then it is enabled with one tier: Tier 1, revenue, 10000, notify off', () => {
    const draft = newProgramDraft('2025-03-04');
    expect(draft).toMatchObject({ program_name: '', start_date: '2025-03-04', end_date: '2025-12-31', enabled: true });
    expect(draft.tiers).toHaveLength(1);
    expect(draft.tiers[0]).toMatchObject({ name: 'Tier 1', metric: 'revenue', value: '10000', notify_dealer: false });
    expect(draft.tiers[0]?.id).toBeUndefined();
  });

  test('When tiers are added, Then each is Tier N with the defaults, up to 20', () => {
    let tiers = newProgramDraft('2025-03-04').tiers;
    tiers = addTier(tiers);
    tiers = addTier(tiers);
    expect(tiers.map((tier) => tier.name)).toEqual(['Tier 1', 'Tier 2', 'Tier 3']);
    expect(tiers[2]).toMatchObject({ metric: 'revenue', value: '10000', reward: '', notify_dealer: false });
    expect(new Set(tiers.map((tier) => tier.key)).size).toBe(3);
    for (let i = 0; i < 30; i++) tiers = addTier(tiers);
    expect(tiers).toHaveLength(MAX_TIERS);
  });

  test('When a middle tier was removed, Then the next new name is not a duplicate', () => {
    expect(nextTierName([{ name: 'Tier 1' }, { name: 'Tier 3' }])).toBe('Tier 4');
    expect(nextTierName([{ name: 'Gold' }])).toBe('Tier 2');
  });

  test('When tiers are removed, Then the last one stays', () => {
    const tiers = addTier(newProgramDraft('2025-03-04').tiers);
    const [first, second] = tiers as [TierDraft, TierDraft];
    const one = removeTier(tiers, first.key);
    expect(one.map((tier) => tier.key)).toEqual([second.key]);
    expect(canRemoveTier(one)).toBe(false);
    expect(removeTier(one, second.key)).toHaveLength(1);
  });

  test('When a row is edited, Then only that row changes', () => {
    const tiers = addTier(newProgramDraft('2025-03-04').tiers);
    const edited = updateTier(tiers, tiers[1]?.key ?? '', { metric: 'orders', value: '12', notify_dealer: true });
    expect(edited[0]).toEqual(tiers[0]);
    expect(edited[1]).toMatchObject({ name: 'Tier 2', metric: 'orders', value: '12', notify_dealer: true });
  });

  test('When a saved program is edited and sent, Then its tiers keep their ids and new rows have none', () => {
    const draft = programDraft(PROGRAM);
    draft.tiers = addTier(draft.tiers);
    draft.program_name = '  Spring Push 2025  ';
    const request = programRequest(draft);
    expect(request).toEqual({
      program_name: 'Spring Push 2025',
      start_date: '2025-03-01',
      end_date: '2025-05-31',
      enabled: true,
      tiers: [
        { id: 't1', name: 'Bronze', metric: 'revenue', value: '10000', reward: '2% rebate', notify_dealer: true },
        { id: 't2', name: 'Silver', metric: 'orders', value: '25', reward: 'Free display', notify_dealer: false },
        { name: 'Tier 3', metric: 'revenue', value: '10000', reward: '', notify_dealer: false },
      ],
    });
    expect(draftProblem(draft)).toBeNull();
  });

  test("When the form breaks the server's rules, Then the contract's own message says so, naming the tier row", () => {
    const draft = programDraft(PROGRAM);
    expect(draftProblem({ ...draft, program_name: '  ' })).toEqual({ message: 'Error: Program name is required' });
    expect(draftProblem({ ...draft, end_date: '2025-02-01' })).toEqual({
      message: 'Error: End date must not be before start date',
    });
    expect(draftProblem({ ...draft, start_date: '' })).toEqual({
      message: 'Error: Start date must be a date (YYYY-MM-DD)',
    });
    const tiers = (change: Partial<TierDraft>) => updateTier(draft.tiers, 't2', change);
    expect(draftProblem({ ...draft, tiers: tiers({ value: '-5' }) })).toEqual({
      message: 'Error: Tier threshold must not be negative',
      tierIndex: 1,
    });
    expect(draftProblem({ ...draft, tiers: tiers({ value: '' }) })).toEqual({
      message: 'Error: Tier threshold must be a number',
      tierIndex: 1,
    });
    expect(draftProblem({ ...draft, tiers: tiers({ value: '2.5' }) })?.message).toBe(
      'Error: An orders or items threshold must be a whole number',
    );
    expect(draftProblem({ ...draft, tiers: tiers({ metric: 'revenue', value: '2.505' }) })?.message).toBe(
      'Error: A revenue threshold has at most 2 decimals',
    );
    expect(draftProblem({ ...draft, tiers: tiers({ metric: 'revenue', value: '2500.50' }) })).toBeNull();
  });
});

describe('The CSV exports', () => {
  test('When the programs list is exported, Then it is incentive_programs.csv with the spec columns, every value quoted', () => {
    expect(PROGRAMS_CSV_FILENAME).toBe('incentive_programs.csv');
    const disabled = { ...PROGRAM, id: 'p2', program_name: '=HYPERLINK("x")', enabled: false, tiers: [] };
    expect(writeCsv(PROGRAMS_CSV_HEADER, [programCsvRow(PROGRAM), programCsvRow(disabled)])).toBe(
      '"Program Name","Enabled","Start Date","End Date","Tiers Count"\r\n' +
        '"Spring Push 2025","Yes","2025-03-01","2025-05-31","2"\r\n' +
        `"'=HYPERLINK(""x"")","No","2025-03-01","2025-05-31","0"\r\n`,
    );
  });

  test("When a program's achievements are exported (written by the server), Then the download is named after the program", () => {
    expect(achievementsCsvFilename(PROGRAM)).toBe('achievements_spring_push_2025.csv');
    expect(achievementsCsvFilename({ id: 'p9', program_name: '***' })).toBe('achievements_p9.csv');
  });
});

describe('The programs messages', () => {
  test("When the server sends a detail, Then it replaces the spec's generic text; else the generic text shows as an error", () => {
    const refused = { status: 400, data: { detail: 'Error: End date must not be before start date' } };
    expect(programFailure(refused, CREATE_FAILED)).toBe('Error: End date must not be before start date');
    expect(programFailure({ status: 500, data: 'oops' }, CREATE_FAILED)).toBe('Error: Failed to create program');
    expect(programSuccess({ detail: 'Program enabled' }, 'x')).toBe('Program enabled');
    expect(programSuccess({}, 'Program created successfully!')).toBe('Program created successfully!');
  });
});
