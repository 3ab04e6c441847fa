import type { MetricProgress } from '@portal/contracts';
import {
  programDates,
  progressLine,
  progressPercent,
  reachedBadge,
} from '../../src/features/dealer-portal/programProgress';

const next = (name: string, metric: MetricProgress['metric'], threshold: number, remaining: number) => ({
  tier_id: name,
  name,
  metric,
  threshold,
  reward: '',
  remaining,
});

describe("Given the dealer's progress in a program, When the Overview shows it", () => {
  test('Then revenue reads in US dollars without decimals, with what remains to the next tier', () => {
    const revenue: MetricProgress = {
      metric: 'revenue',
      value: 3200,
      reached: [],
      next: next('Silver', 'revenue', 5000, 1800),
    };
    expect(progressLine(revenue)).toBe('$3,200 of $5,000 revenue — $1,800 to Silver');
    expect(progressPercent(revenue)).toBe(64);
  });

  test('Then a value with cents never rounds up to the threshold, and a few cents to go show as $1', () => {
    const close: MetricProgress = {
      metric: 'revenue',
      value: 4999.6,
      reached: [],
      next: next('Silver', 'revenue', 5000, 0.4),
    };
    expect(progressLine(close)).toBe('$4,999 of $5,000 revenue — $1 to Silver');
    expect(progressPercent(close)).toBe(99);
  });

  test('Then a threshold with cents keeps them, as the tier table shows it', () => {
    const cents: MetricProgress = {
      metric: 'revenue',
      value: 0,
      reached: [],
      next: next('Odd', 'revenue', 2500.5, 2500.5),
    };
    expect(progressLine(cents)).toBe('$0 of $2,500.50 revenue — $2,501 to Odd');
    expect(progressPercent(cents)).toBe(0);
  });

  test('Then counts read as counts, in the singular for one', () => {
    expect(progressLine({ metric: 'orders', value: 3, reached: [], next: next('Regular', 'orders', 5, 2) })).toBe(
      '3 of 5 orders — 2 to Regular',
    );
    expect(progressLine({ metric: 'orders', value: 0, reached: [], next: next('First', 'orders', 1, 1) })).toBe(
      '0 of 1 order — 1 to First',
    );
    expect(progressLine({ metric: 'items', value: 1200, reached: [], next: next('Bulk', 'items', 2000, 800) })).toBe(
      '1,200 of 2,000 items — 800 to Bulk',
    );
  });

  test('Then with every tier reached the bar is full and the line says so', () => {
    const done: MetricProgress = {
      metric: 'revenue',
      value: 12400.75,
      reached: [
        { tier_id: 'g', name: 'Gold', threshold: 10000, reward: '10% off', achieved_at: '2026-03-01T00:00:00Z' },
      ],
      next: null,
    };
    expect(progressLine(done)).toBe('$12,400 revenue — every tier reached');
    expect(progressPercent(done)).toBe(100);
    expect(progressLine({ metric: 'items', value: 1, reached: [], next: null })).toBe('1 item — every tier reached');
  });

  test('Then a reached tier is a badge with its reward, or its name alone', () => {
    const tier = { tier_id: 'b', name: 'Bronze', threshold: 1000, achieved_at: null };
    expect(reachedBadge({ ...tier, reward: '2% off' })).toBe('Bronze · 2% off');
    expect(reachedBadge({ ...tier, reward: '  ' })).toBe('Bronze');
  });

  test("Then the program's dates are calendar days, the same in every time zone", () => {
    expect(programDates({ start_date: '2026-03-01', end_date: '2026-04-30' })).toBe('Mar 1, 2026 – Apr 30, 2026');
  });
});
