import { z } from 'zod';
import { IsoDate } from '../common';
import { DateOnly, Money } from '../fields';

export const PERFORMANCE_METRICS = ['revenue', 'orders', 'items'] as const;
export const PerformanceMetric = z.enum(PERFORMANCE_METRICS);
export type PerformanceMetric = z.infer<typeof PerformanceMetric>;

/**
 * A dealer's figures, from the order and payment events the incentive service received (see docs/incentives.md
 * for which orders count: every order that is not cancelled).
 */
export const PerformanceRecord = z.object({
  dealer_id: z.string(),
  business_name: z.string().nullable(),
  /** the business name, else the full name, else the dealer id (a dealer whose record has not arrived yet) */
  dealer_name: z.string(),
  dealer_city: z.string().nullable(),
  dealer_state: z.string().nullable(),
  /** the totals of the dealer's counted orders, in US dollars */
  total_revenue: Money,
  total_orders: z.number().int().nonnegative(),
  /** the quantities of every line of the counted orders */
  total_items: z.number().int().nonnegative(),
  /** total_revenue / total_orders, rounded to the cent; 0 without orders */
  avg_order_value: Money,
  /** beyond the spec: what the dealer has paid on its counted orders, in US dollars */
  total_paid: Money,
});
export type PerformanceRecord = z.infer<typeof PerformanceRecord>;

export const Tier = z.object({
  id: z.string(),
  name: z.string(),
  metric: PerformanceMetric,
  value: z.number().nonnegative().describe('threshold: US dollars for revenue, a count otherwise'),
  reward: z.string(),
  notify_dealer: z.boolean(),
});
export type Tier = z.infer<typeof Tier>;

export const IncentiveProgram = z.object({
  id: z.string(),
  program_name: z.string(),
  start_date: DateOnly,
  end_date: DateOnly,
  enabled: z.boolean(),
  tiers: z.array(Tier),
});
export type IncentiveProgram = z.infer<typeof IncentiveProgram>;

export const Achievement = z.object({
  id: z.string(),
  program_id: z.string(),
  tier_id: z.string(),
  dealer_id: z.string(),
  dealer_name: z.string(),
  dealer_city: z.string().nullable(),
  dealer_state: z.string().nullable(),
  tier_name: z.string(),
  metric: PerformanceMetric,
  /** the tier's threshold when it was reached: US dollars for revenue, a count otherwise */
  threshold_value: z.number().nonnegative(),
  /** the dealer's figure inside the program's dates when the tier was reached (same unit) */
  value_achieved: z.number().nonnegative(),
  reward: z.string(),
  achieved_at: IsoDate,
});
export type Achievement = z.infer<typeof Achievement>;

/** An achievement of a tier with notify_dealer, until an admin marks it handled. */
export const PendingNotification = z.object({
  /** the achievement's id */
  id: z.string(),
  program_id: z.string(),
  program_name: z.string(),
  dealer_id: z.string(),
  dealer_name: z.string(),
  /** the dealer's email the achievement mail was sent to; null when none was known */
  dealer_email: z.string().nullable(),
  threshold_name: z.string().describe('the tier name'),
  metric: PerformanceMetric,
  threshold_value: z.number().nonnegative(),
  value_achieved: z.number().nonnegative(),
  reward: z.string(),
  achieved_at: IsoDate,
});
export type PendingNotification = z.infer<typeof PendingNotification>;

/** A tier the dealer has reached in a program (beyond the spec: the dealer's Overview). */
export const ReachedTier = z.object({
  tier_id: z.string(),
  name: z.string(),
  /** US dollars for revenue, a count otherwise (as it was when reached) */
  threshold: z.number().nonnegative(),
  reward: z.string(),
  /** when the achievement was recorded; null while the figures reach it and it is being recorded */
  achieved_at: IsoDate.nullable(),
});
export type ReachedTier = z.infer<typeof ReachedTier>;

/** The lowest tier of a metric the dealer has not reached yet. */
export const NextTier = z.object({
  tier_id: z.string(),
  name: z.string(),
  metric: PerformanceMetric,
  threshold: z.number().nonnegative(),
  reward: z.string(),
  /** threshold - value, never below 0 (same unit) */
  remaining: z.number().nonnegative(),
});
export type NextTier = z.infer<typeof NextTier>;

/** A dealer's progress on one metric of a program, inside the program's dates. */
export const MetricProgress = z.object({
  metric: PerformanceMetric,
  /** the dealer's figure over its counted orders placed inside the program's dates: dollars for revenue */
  value: z.number().nonnegative(),
  /** lowest threshold first */
  reached: z.array(ReachedTier),
  /** null when every tier of this metric is reached */
  next: NextTier.nullable(),
});
export type MetricProgress = z.infer<typeof MetricProgress>;

/** An enabled program running today, with the signed-in dealer's progress per metric its tiers use. */
export const ProgramProgress = z.object({
  program_id: z.string(),
  program_name: z.string(),
  start_date: DateOnly,
  end_date: DateOnly,
  metrics: z.array(MetricProgress),
});
export type ProgramProgress = z.infer<typeof ProgramProgress>;

/** A new tier's defaults; a new program is enabled with one such tier. */
export const DEFAULT_TIER = { metric: 'revenue', value: 10000, notify_dealer: false } as const;

/** The default name of the tier at `position` (1-based): 'Tier 1', 'Tier 2', ... */
export const defaultTierName = (position: number) => `Tier ${position}`;

/** How many best performers the dashboard card shows, and the most one request may ask for. */
export const TOP_PERFORMERS_DEFAULT_LIMIT = 4;
export const TOP_PERFORMERS_MAX_LIMIT = 100;
