import { z } from 'zod';
import { IsoDate } from '../common';
import { DateOnly, Money } from '../fields';

export const PERFORMANCE_METRICS = ['revenue', 'orders', 'items'] as const;
export const PerformanceMetric = z.enum(PERFORMANCE_METRICS);
export type PerformanceMetric = z.infer<typeof PerformanceMetric>;

export const PerformanceRecord = z.object({
  dealer_id: z.string(),
  business_name: z.string().nullable(),
  dealer_name: z.string(),
  dealer_city: z.string().nullable(),
  dealer_state: z.string().nullable(),
  total_revenue: Money,
  total_orders: z.number().int().nonnegative(),
  total_items: z.number().int().nonnegative(),
  avg_order_value: Money,
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
  dealer_id: z.string(),
  dealer_name: z.string(),
  dealer_city: z.string().nullable(),
  dealer_state: z.string().nullable(),
  tier_name: z.string(),
  metric: PerformanceMetric,
  threshold_value: z.number().nonnegative(),
  value_achieved: z.number().nonnegative(),
  reward: z.string(),
  achieved_at: IsoDate,
});
export type Achievement = z.infer<typeof Achievement>;

export const PendingNotification = z.object({
  id: z.string(),
  dealer_name: z.string(),
  threshold_name: z.string().describe('the tier name'),
  metric: PerformanceMetric,
  value_achieved: z.number().nonnegative(),
  reward: z.string(),
  achieved_at: IsoDate,
});
export type PendingNotification = z.infer<typeof PendingNotification>;

/** A new tier's defaults; a new program is enabled with one such tier. */
export const DEFAULT_TIER = { metric: 'revenue', value: 10000, notify_dealer: false } as const;
