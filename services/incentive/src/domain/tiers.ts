import { centsToDollars, defaultTierName, type PerformanceMetric, parseCents, type TierInput } from '@portal/contracts';

/**
 * Tiers and when a dealer reaches one. Thresholds are US dollars for revenue and counts otherwise; the
 * comparison is made in integer units (cents for revenue), so $10,000.00 is reached by exactly 1,000,000 cents.
 */

export interface TierRule {
  id: string;
  name: string;
  metric: PerformanceMetric;
  /** dollars for revenue, a count otherwise */
  value: number;
  reward: string;
  notify_dealer: boolean;
}

/** A dealer's activity inside one program's dates, in integer units. */
export interface WindowFigures {
  revenue_cents: number;
  orders: number;
  items: number;
}

/** The dealer's figure for `metric` in integer units (cents for revenue). */
export function figureUnits(metric: PerformanceMetric, figures: WindowFigures): number {
  switch (metric) {
    case 'revenue':
      return figures.revenue_cents;
    case 'orders':
      return figures.orders;
    case 'items':
      return figures.items;
  }
}

/** The threshold in integer units (cents for revenue). */
export function thresholdUnits(metric: PerformanceMetric, value: number): number {
  if (metric !== 'revenue') return value;
  const cents = parseCents(value, Number.MAX_SAFE_INTEGER);
  if (cents === null) throw new Error(`a revenue threshold of ${value} is not a dollar amount`);
  return cents;
}

/** Integer units as the contract shows them: dollars for revenue, the count otherwise. */
export const displayValue = (metric: PerformanceMetric, units: number) =>
  metric === 'revenue' ? centsToDollars(units) : units;

export interface ReachedTier {
  tier: TierRule;
  /** the dealer's figure, in the tier's unit (dollars for revenue) */
  valueAchieved: number;
}

/** The tiers whose threshold the dealer's figures have reached (at or above it), in the tiers' order. */
export function reachedTiers(tiers: readonly TierRule[], figures: WindowFigures): ReachedTier[] {
  return tiers
    .filter((tier) => figureUnits(tier.metric, figures) >= thresholdUnits(tier.metric, tier.value))
    .map((tier) => ({ tier, valueAchieved: displayValue(tier.metric, figureUnits(tier.metric, figures)) }));
}

/** A tier as it will be saved: the request's tier with its name ('Tier N' when blank) and its id, if kept. */
export interface PlannedTier extends Omit<TierRule, 'id'> {
  /** the existing tier this one continues (keeping its achievements), or null for a new tier */
  keepId: string | null;
  position: number;
}

/**
 * What the tiers of a saved program become: a tier sent with the id of one of the program's tiers continues
 * it (once; a repeated id makes a new tier), any other is new, and a blank name becomes 'Tier N' by position.
 */
export function planTiers(inputs: readonly TierInput[], existingIds: readonly string[]): PlannedTier[] {
  const available = new Set(existingIds);
  return inputs.map((input, index) => {
    const keepId = input.id !== undefined && available.delete(input.id) ? input.id : null;
    return {
      keepId,
      position: index + 1,
      name: input.name?.trim() || defaultTierName(index + 1),
      metric: input.metric,
      value: input.value,
      reward: input.reward ?? '',
      notify_dealer: input.notify_dealer,
    };
  });
}
