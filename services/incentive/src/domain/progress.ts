import type { MetricProgress, PerformanceMetric, ReachedTier } from '@portal/contracts';
import { displayValue, figureUnits, type TierRule, thresholdUnits, type WindowFigures } from './tiers';

/**
 * A dealer's progress in one program (beyond the spec: the dealer's Overview). Pure: the program's tiers, the
 * dealer's figures inside the program's dates and the dealer's recorded achievements in the program go in;
 * per metric the tiers reached and the next one come out.
 */

/** An achievement of the dealer in the program, as recorded (the tier's name, threshold and reward then). */
export interface RecordedAchievement {
  tier_id: string;
  tier_name: string;
  metric: PerformanceMetric;
  /** dollars for revenue, a count otherwise */
  threshold_value: number;
  reward: string;
  /** ISO time */
  achieved_at: string;
}

/**
 * Per metric the program's tiers use (in the order of their first tier), plus a metric only a removed tier's
 * achievement names:
 * - `value`: the dealer's figure in the tier's unit (dollars for revenue);
 * - `reached`: the recorded achievements of that metric, and a current tier the figures reach that has no
 *   achievement yet (`achieved_at` null: it is being recorded), lowest threshold first. An achievement stays
 *   reached after a cancellation lowers the figure or an edit raises the threshold — as the achievement does;
 * - `next`: the lowest tier of that metric not reached, with what remains to reach it (compared in integer
 *   units, cents for revenue), or null when every tier is reached.
 */
export function programProgress(
  tiers: readonly TierRule[],
  figures: WindowFigures,
  achievements: readonly RecordedAchievement[],
): MetricProgress[] {
  const metrics: PerformanceMetric[] = [];
  for (const metric of [...tiers.map((t) => t.metric), ...achievements.map((a) => a.metric)]) {
    if (!metrics.includes(metric)) metrics.push(metric);
  }
  const recorded = new Map(achievements.map((a) => [a.tier_id, a]));

  return metrics.map((metric) => {
    const units = figureUnits(metric, figures);
    const reached: (ReachedTier & { units: number })[] = achievements
      .filter((a) => a.metric === metric)
      .map((a) => ({
        tier_id: a.tier_id,
        name: a.tier_name,
        threshold: a.threshold_value,
        reward: a.reward,
        achieved_at: a.achieved_at,
        units: thresholdUnits(metric, a.threshold_value),
      }));
    const open: { tier: TierRule; units: number }[] = [];
    for (const tier of tiers) {
      if (tier.metric !== metric || recorded.has(tier.id)) continue;
      const threshold = thresholdUnits(metric, tier.value);
      if (units >= threshold) {
        reached.push({
          tier_id: tier.id,
          name: tier.name,
          threshold: tier.value,
          reward: tier.reward,
          achieved_at: null,
          units: threshold,
        });
      } else {
        open.push({ tier, units: threshold });
      }
    }
    reached.sort((a, b) => a.units - b.units);
    // the lowest threshold not reached; among equal thresholds the first in the program's order
    const next = open.reduce<(typeof open)[number] | null>(
      (best, candidate) => (!best || candidate.units < best.units ? candidate : best),
      null,
    );
    return {
      metric,
      value: displayValue(metric, units),
      reached: reached.map(({ units: _units, ...tier }) => tier),
      next: next
        ? {
            tier_id: next.tier.id,
            name: next.tier.name,
            metric,
            threshold: next.tier.value,
            reward: next.tier.reward,
            remaining: displayValue(metric, next.units - units),
          }
        : null,
    };
  });
}
