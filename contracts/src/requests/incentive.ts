import { z } from 'zod';
import {
  DEFAULT_TIER,
  PERFORMANCE_METRICS,
  TOP_PERFORMERS_DEFAULT_LIMIT,
  TOP_PERFORMERS_MAX_LIMIT,
} from '../entities/incentive';
import { Id, optionalText, requiredText } from '../fields';
import { commaList, listQuery, SearchParam } from '../list-query';
import { MAX_AMOUNT_CENTS, parseCents } from '../money';

const METRIC_MESSAGE = 'Error: Metric must be revenue, orders or items';

export const TopPerformersQuery = z.object({
  limit: z.coerce
    .number({ error: `Error: limit must be a whole number from 1 to ${TOP_PERFORMERS_MAX_LIMIT}` })
    .int(`Error: limit must be a whole number from 1 to ${TOP_PERFORMERS_MAX_LIMIT}`)
    .min(1, `Error: limit must be a whole number from 1 to ${TOP_PERFORMERS_MAX_LIMIT}`)
    .max(TOP_PERFORMERS_MAX_LIMIT, `Error: limit must be a whole number from 1 to ${TOP_PERFORMERS_MAX_LIMIT}`)
    .default(TOP_PERFORMERS_DEFAULT_LIMIT),
  metric: z.enum(PERFORMANCE_METRICS, { error: METRIC_MESSAGE }).default('revenue'),
});

export const TIER_MESSAGES = {
  metric: 'Error: Tier metric must be revenue, orders or items',
  notANumber: 'Error: Tier threshold must be a number',
  negative: 'Error: Tier threshold must not be negative',
  revenueDecimals: 'Error: A revenue threshold has at most 2 decimals',
  countWhole: 'Error: An orders or items threshold must be a whole number',
  tooLarge: 'Error: Tier threshold is too large',
} as const;

export const PROGRAM_MESSAGES = {
  name: 'Error: Program name is required',
  startDate: 'Error: Start date must be a date (YYYY-MM-DD)',
  endDate: 'Error: End date must be a date (YYYY-MM-DD)',
  endBeforeStart: 'Error: End date must not be before start date',
  noTier: 'Error: A program needs at least one tier',
  tooManyTiers: 'Error: A program has at most 20 tiers',
} as const;

/** Largest count threshold (orders, items): far above any dealer's figures. */
const MAX_COUNT_THRESHOLD = 1_000_000_000;

/** A threshold as a JSON number or the text of an input field ('10000', '2500.50'). */
const Threshold = z
  .union([z.number(), z.string()], { error: TIER_MESSAGES.notANumber })
  .transform((value) =>
    typeof value === 'number' ? value : /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : Number.NaN,
  )
  .pipe(z.number({ error: TIER_MESSAGES.notANumber }).nonnegative(TIER_MESSAGES.negative));

/** A tier id the web may have made up for a new row (a number such as Date.now()); only known ids are kept. */
const TierId = z.union([Id, z.number().int().transform(String)]);

export const TierInput = z
  .object({
    id: TierId.optional().describe('an existing tier keeps its id (and its achievements); absent for a new tier'),
    name: optionalText(100).describe("blank or absent: 'Tier N' by its position"),
    metric: z.enum(PERFORMANCE_METRICS, { error: TIER_MESSAGES.metric }).default(DEFAULT_TIER.metric),
    value: Threshold.default(DEFAULT_TIER.value),
    reward: optionalText(500),
    notify_dealer: z.boolean().default(DEFAULT_TIER.notify_dealer),
  })
  .superRefine((tier, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
    if (!(tier.value >= 0)) return; // already refused above (not a number, negative)
    if (tier.metric === 'revenue') {
      if (tier.value > MAX_AMOUNT_CENTS / 100) issue(TIER_MESSAGES.tooLarge);
      else if (parseCents(tier.value) === null) issue(TIER_MESSAGES.revenueDecimals);
    } else if (!Number.isInteger(tier.value)) issue(TIER_MESSAGES.countWhole);
    else if (tier.value > MAX_COUNT_THRESHOLD) issue(TIER_MESSAGES.tooLarge);
  });
export type TierInput = z.output<typeof TierInput>;

/**
 * A program as the create and edit modals send it. Absent fields take the spec's defaults: enabled, and one
 * tier 'Tier 1' on revenue with a threshold of 10000 and no notification.
 */
export const IncentiveProgramRequest = z
  .object({
    program_name: requiredText(PROGRAM_MESSAGES.name),
    start_date: z.iso.date({ error: PROGRAM_MESSAGES.startDate }),
    end_date: z.iso.date({ error: PROGRAM_MESSAGES.endDate }),
    enabled: z.boolean().default(true),
    tiers: z
      .array(TierInput)
      .min(1, PROGRAM_MESSAGES.noTier)
      .max(20, PROGRAM_MESSAGES.tooManyTiers)
      .default(() => [TierInput.parse({})]),
  })
  .refine((program) => program.end_date >= program.start_date, {
    message: PROGRAM_MESSAGES.endBeforeStart,
    path: ['end_date'],
  });
export type IncentiveProgramRequest = z.output<typeof IncentiveProgramRequest>;

export const ToggleProgramRequest = z.object({
  enabled: z.boolean({ error: 'Error: enabled must be true or false' }),
});

/**
 * The Performance Data tab's query (dealer-performance). Without `sort`: by revenue, highest first, ties by
 * dealer id (as the specification answers it). The sorts are the answer's fields.
 */
export const DEALER_PERFORMANCE_SORTS = [
  'total_revenue',
  'total_orders',
  'total_items',
  'avg_order_value',
  'total_paid',
  'business_name',
] as const;
export type DealerPerformanceSort = (typeof DEALER_PERFORMANCE_SORTS)[number];
export const DealerPerformanceQuery = listQuery({
  sorts: DEALER_PERFORMANCE_SORTS,
  filters: {
    q: SearchParam.describe('dealer business name, contact name or dealer id'),
    state: commaList.describe('US state codes, comma-separated'),
  },
});
export type DealerPerformanceQuery = z.infer<typeof DealerPerformanceQuery>;

/** A program's achievements. Without `sort`: newest first (ties by achievement id). */
export const ProgramAchievementsQuery = listQuery({
  sorts: ['achieved_at'],
  filters: {
    q: SearchParam.describe('dealer name or dealer id'),
    tier_id: z.uuid({ message: "must be the id of one of the program's tiers" }).describe('only this tier'),
  },
});
export type ProgramAchievementsQuery = z.infer<typeof ProgramAchievementsQuery>;

/** The achievements CSV export's query: the achievements list's search, tier and sort, without a page (every match). */
export const AchievementExportQuery = ProgramAchievementsQuery.omit({ limit: true, cursor: true });
export type AchievementExportQuery = z.infer<typeof AchievementExportQuery>;

/** The Notifications tab's query. Without `sort`: newest first (ties by achievement id). */
export const PendingNotificationsQuery = listQuery({ sorts: ['achieved_at'] });
export type PendingNotificationsQuery = z.infer<typeof PendingNotificationsQuery>;
