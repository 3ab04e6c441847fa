import { TierInput } from '@portal/contracts';
import { achievementMail, formatMetricValue } from '../../src/domain/achievement-mail';
import { planTiers, reachedTiers, type TierRule } from '../../src/domain/tiers';

const tier = (id: string, metric: TierRule['metric'], value: number): TierRule => ({
  id,
  name: id,
  metric,
  value,
  reward: '',
  notify_dealer: false,
});

describe('threshold crossing', () => {
  const tiers = [tier('rev', 'revenue', 10_000), tier('ord', 'orders', 3), tier('itm', 'items', 10)];

  test('When a figure is just under its threshold, Then the tier is not reached', () => {
    expect(reachedTiers(tiers, { revenue_cents: 999_999, orders: 2, items: 9 })).toEqual([]);
  });

  test('When a figure is exactly at its threshold, Then the tier is reached, with the value in the tier unit', () => {
    expect(reachedTiers(tiers, { revenue_cents: 1_000_000, orders: 3, items: 10 })).toEqual([
      { tier: tiers[0], valueAchieved: 10_000 },
      { tier: tiers[1], valueAchieved: 3 },
      { tier: tiers[2], valueAchieved: 10 },
    ]);
  });

  test('A revenue threshold with cents is compared in cents', () => {
    const cents = [tier('c', 'revenue', 2500.5)];
    expect(reachedTiers(cents, { revenue_cents: 250_049, orders: 0, items: 0 })).toEqual([]);
    expect(reachedTiers(cents, { revenue_cents: 250_050, orders: 0, items: 0 })[0]?.valueAchieved).toBe(2500.5);
  });

  test('A threshold of 0 is reached by any activity in the window', () => {
    expect(reachedTiers([tier('z', 'orders', 0)], { revenue_cents: 0, orders: 1, items: 0 })).toHaveLength(1);
  });
});

describe('saving tiers', () => {
  const input = (fields: object) => TierInput.parse(fields);

  test("Blank names become 'Tier N' by position; defaults are revenue, 10000, no notification", () => {
    const planned = planTiers(
      [input({}), input({ name: '  ' }), input({ name: 'Gold', metric: 'orders', value: 5 })],
      [],
    );
    expect(planned.map((t) => t.name)).toEqual(['Tier 1', 'Tier 2', 'Gold']);
    expect(planned[0]).toMatchObject({
      metric: 'revenue',
      value: 10000,
      notify_dealer: false,
      reward: '',
      keepId: null,
    });
  });

  test("A tier sent with one of the program's ids keeps it once; unknown or repeated ids make new tiers", () => {
    const planned = planTiers(
      [input({ id: 'a' }), input({ id: 'a' }), input({ id: 'x' }), input({ id: 17 })],
      ['a', 'b'],
    );
    expect(planned.map((t) => t.keepId)).toEqual(['a', null, null, null]);
  });
});

describe('the achievement mail', () => {
  test('Revenue shows in US dollars without decimals; the reward is named', () => {
    expect(formatMetricValue('revenue', 12345.67)).toBe('$12,346');
    expect(formatMetricValue('orders', 1)).toBe('1 order');
    expect(formatMetricValue('items', 1200)).toBe('1,200 items sold');
    const mail = achievementMail({
      dealerName: 'Ridge Blinds',
      programName: 'Spring Push',
      tierName: 'Gold',
      metric: 'revenue',
      thresholdValue: 10000,
      valueAchieved: 12000.5,
      reward: 'A free hub blind',
      startDate: '2025-03-01',
      endDate: '2025-05-31',
    });
    expect(mail.subject).toBe('You reached Gold of Spring Push');
    expect(mail.text).toContain('Hello Ridge Blinds,');
    expect(mail.text).toContain('reached $12,001, which meets Gold ($10,000) of the Spring Push program');
    expect(mail.text).toContain('Your reward: A free hub blind');
  });
});
