import type { MetricProgress, PerformanceMetric, ProgramProgress, ReachedTier } from '@portal/contracts';
import { formatCalendarDate } from '../../format/date';
import { formatWholeDollars } from '../../format/money';
import { formatThreshold } from '../performance/metrics';

/**
 * How the dealer's Overview shows its progress in the running incentive programs (GET
 * /api/dealer/incentive-progress): revenue in US dollars without decimals as the performance views show it,
 * counts as counts.
 */

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The metric's word after a figure: "revenue", "orders" / "order", "items" / "item". */
function unitWord(metric: PerformanceMetric, amount: number): string {
  if (metric === 'revenue') return 'revenue';
  const word = metric === 'orders' ? 'order' : 'item';
  return amount === 1 ? word : `${word}s`;
}

/**
 * A figure rounded so it never claims more than it is: the dealer's value rounded down ($4,999.60 is "$4,999",
 * not the "$5,000" a tier needs), what remains rounded up ($0.40 to go is "$1", never "$0").
 */
function figure(metric: PerformanceMetric, value: number, round: 'down' | 'up'): string {
  const whole = round === 'down' ? Math.floor(value + 1e-9) : Math.ceil(value - 1e-9);
  return metric === 'revenue' ? formatWholeDollars(whole) : count.format(whole);
}

/**
 * "$3,200 of $5,000 revenue — $1,800 to Silver", "3 of 5 orders — 2 to Regular"; with every tier of the metric
 * reached: "$12,400 revenue — every tier reached".
 */
export function progressLine(progress: MetricProgress): string {
  const { metric, value, next } = progress;
  if (!next) return `${figure(metric, value, 'down')} ${unitWord(metric, value)} — every tier reached`;
  const threshold = formatThreshold(metric, next.threshold);
  return `${figure(metric, value, 'down')} of ${threshold} ${unitWord(metric, next.threshold)} — ${figure(
    metric,
    next.remaining,
    'up',
  )} to ${next.name}`;
}

/** How full the bar toward the next tier is, 0–100 (whole percent, rounded down; 100 with nothing left). */
export function progressPercent(progress: MetricProgress): number {
  const { value, next } = progress;
  if (!next || next.remaining <= 0 || next.threshold <= 0) return 100;
  return Math.max(0, Math.min(99, Math.floor((value / next.threshold) * 100)));
}

/** A reached tier's badge: "Bronze · 2% off", or its name alone without a reward. */
export function reachedBadge(tier: ReachedTier): string {
  const reward = tier.reward.trim();
  return reward ? `${tier.name} · ${reward}` : tier.name;
}

/** "Mar 1, 2026 – Apr 30, 2026" (program dates are calendar days). */
export function programDates(program: Pick<ProgramProgress, 'start_date' | 'end_date'>): string {
  return `${formatCalendarDate(program.start_date)} – ${formatCalendarDate(program.end_date)}`;
}
