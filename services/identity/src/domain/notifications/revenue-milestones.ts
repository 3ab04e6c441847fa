import { formatCents } from '@portal/contracts';
import type { Notice } from './notice-mail';

/**
 * The revenue milestone rule (001 §3 notify_revenue_milestones, revenue_threshold): when a month's revenue
 * crosses one or more multiples of the threshold, one notice names the highest multiple crossed, and every
 * multiple crossed is claimed so that none is announced again, also after revenue falls (a cancellation) and
 * rises past it once more.
 */

/** Most multiples claimed by one change; those below are covered by the highest claimed, which bounds the next. */
export const MAX_MULTIPLES_CLAIMED = 100;

export interface RevenueChange {
  /** the month's revenue before and after the change, in cents */
  beforeCents: number;
  afterCents: number;
  /** the threshold in whole cents (thresholdCents of the setting) */
  thresholdCents: number;
  /** the highest multiple already claimed this month at this threshold (0: none) */
  highestClaimed: number;
}

/**
 * The multiples of the threshold the change crosses and that were never claimed, lowest first (at most
 * MAX_MULTIPLES_CLAIMED, the highest ones), or none: the revenue did not rise past a multiple, or only past ones
 * announced before. A threshold of 0 (or one no revenue reaches) has no milestones.
 */
export function crossedMultiples(change: RevenueChange): number[] {
  const { beforeCents, afterCents, thresholdCents, highestClaimed } = change;
  if (!(thresholdCents > 0) || !Number.isFinite(thresholdCents)) return [];
  const reached = Math.floor(afterCents / thresholdCents);
  const from = Math.max(Math.floor(beforeCents / thresholdCents), highestClaimed) + 1;
  if (reached < from) return [];
  const first = Math.max(from, reached - MAX_MULTIPLES_CLAIMED + 1);
  return Array.from({ length: reached - first + 1 }, (_, i) => first + i);
}

/** The claim key of one multiple: month (YYYY-MM in the system timezone), threshold in cents, multiple. */
export const milestoneKey = (month: string, thresholdCents: number, multiple: number) =>
  `${month}:${thresholdCents}:${multiple}`;

/** `November 2026` from `2026-11`. */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number);
  const name = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 1970, (index ?? 1) - 1, 1)),
  );
  return `${name} ${year}`;
}

/** The notice: the month, the highest multiple crossed and the month's revenue so far. */
export function revenueMilestoneNotice(
  month: string,
  multiple: number,
  thresholdCents: number,
  revenueCents: number,
): Notice {
  const milestone = `$${formatCents(multiple * thresholdCents)}`;
  const label = monthLabel(month);
  return {
    subject: `Revenue for ${label} passed ${milestone}`,
    paragraphs: [
      `The portal's revenue for ${label} reached $${formatCents(revenueCents)}, passing ${milestone} (${multiple} × the milestone of $${formatCents(thresholdCents)}).`,
    ],
  };
}
