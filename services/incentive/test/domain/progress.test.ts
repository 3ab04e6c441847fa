import { programProgress, type RecordedAchievement } from '../../src/domain/progress';
import type { TierRule } from '../../src/domain/tiers';

const tier = (id: string, metric: TierRule['metric'], value: number, reward = ''): TierRule => ({
  id,
  name: id,
  metric,
  value,
  reward,
  notify_dealer: false,
});
const achieved = (t: TierRule, at = '2026-03-01T10:00:00.000Z'): RecordedAchievement => ({
  tier_id: t.id,
  tier_name: t.name,
  metric: t.metric,
  threshold_value: t.value,
  reward: t.reward,
  achieved_at: at,
});
const figures = (revenue_cents: number, orders = 0, items = 0) => ({ revenue_cents, orders, items });

describe("Given a program's tiers, When the dealer's progress is computed", () => {
  const bronze = tier('Bronze', 'revenue', 1000, '2% off');
  const silver = tier('Silver', 'revenue', 5000, '5% off');
  const gold = tier('Gold', 'revenue', 10000, '10% off');

  test('Then below every tier nothing is reached and the next tier is the lowest, with what remains in dollars', () => {
    expect(programProgress([silver, bronze, gold], figures(32_000), [])).toEqual([
      {
        metric: 'revenue',
        value: 320,
        reached: [],
        next: {
          tier_id: 'Bronze',
          name: 'Bronze',
          metric: 'revenue',
          threshold: 1000,
          reward: '2% off',
          remaining: 680,
        },
      },
    ]);
  });

  test('Then a recorded tier is reached (with its time) and the next is the lowest tier above it', () => {
    const [revenue] = programProgress([bronze, silver, gold], figures(320_000), [achieved(bronze)]);
    expect(revenue?.value).toBe(3200);
    expect(revenue?.reached).toEqual([
      { tier_id: 'Bronze', name: 'Bronze', threshold: 1000, reward: '2% off', achieved_at: '2026-03-01T10:00:00.000Z' },
    ]);
    expect(revenue?.next).toMatchObject({ name: 'Silver', threshold: 5000, remaining: 1800 });
  });

  test('Then crossing a threshold moves the tier to reached (exactly at it counts; compared in cents)', () => {
    const cents = tier('Cents', 'revenue', 2500.5);
    expect(programProgress([cents], figures(250_049), [])[0]?.next?.remaining).toBe(0.01);
    const [at] = programProgress([cents], figures(250_050), []);
    expect(at?.reached).toEqual([
      { tier_id: 'Cents', name: 'Cents', threshold: 2500.5, reward: '', achieved_at: null },
    ]);
    expect(at?.next).toBeNull();
  });

  test('Then with every tier reached there is no next tier, and reached tiers come lowest threshold first', () => {
    const [revenue] = programProgress([gold, bronze, silver], figures(1_200_000), [achieved(gold), achieved(bronze)]);
    expect(revenue?.reached.map((r) => [r.name, r.achieved_at !== null])).toEqual([
      ['Bronze', true],
      ['Silver', false],
      ['Gold', true],
    ]);
    expect(revenue?.next).toBeNull();
  });

  test('Then an achievement stays reached after a cancellation lowers the figure or an edit raises the threshold', () => {
    const raised = { ...silver, value: 8000 };
    const [revenue] = programProgress([bronze, raised], figures(10_000), [achieved(bronze), achieved(silver)]);
    expect(revenue?.reached.map((r) => [r.name, r.threshold])).toEqual([
      ['Bronze', 1000],
      ['Silver', 5000],
    ]);
    expect(revenue?.next).toBeNull();
  });

  test('Then each metric the tiers use gets its own progress, in the order of its first tier, counts as counts', () => {
    const fiveOrders = tier('Five orders', 'orders', 5);
    const items = tier('Forty items', 'items', 40);
    const progress = programProgress([fiveOrders, bronze, items], figures(150_000, 3, 41), [achieved(bronze)]);
    expect(progress.map((p) => [p.metric, p.value, p.reached.length, p.next?.name ?? null, p.next?.remaining])).toEqual(
      [
        ['orders', 3, 0, 'Five orders', 2],
        ['revenue', 1500, 1, null, undefined],
        ['items', 41, 1, null, undefined],
      ],
    );
  });

  test("Then a removed tier's achievement is still shown under its metric", () => {
    const removed = tier('Old orders tier', 'orders', 2);
    const progress = programProgress([bronze], figures(0, 4), [achieved(removed)]);
    expect(progress.map((p) => p.metric)).toEqual(['revenue', 'orders']);
    expect(progress[1]).toEqual({
      metric: 'orders',
      value: 4,
      reached: [expect.objectContaining({ name: 'Old orders tier', threshold: 2 })],
      next: null,
    });
  });

  test('Then two tiers with the same threshold: the first in the program is next', () => {
    const a = tier('A', 'items', 10);
    const b = tier('B', 'items', 10);
    expect(programProgress([a, b], figures(0, 0, 4), [])[0]?.next).toMatchObject({ name: 'A', remaining: 6 });
  });
});
