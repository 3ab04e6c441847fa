import { z } from 'zod';
import { access, endpoint } from './endpoint';

/**
 * The figures of identity's daily report and weekly performance summary (issue 21), asked of the services that
 * own them. Service-to-service only, like `internalEndpoints` (contracts/src/internal.ts): under /internal/,
 * outside the contract's endpoint table, so the gateway never routes them. Admin only: identity's report
 * scheduler calls them with a short-lived admin token it signs for itself (it holds the signing key), and
 * each service checks that token like any other call.
 *
 * POST with the period in the body: the platform's serviceClient sends params and a JSON body, not a query.
 */

/** The longest period a report may ask about: a week (and the hour a daylight-saving change adds). */
export const REPORT_PERIOD_MAX_HOURS = 7 * 24 + 1;

const Instant = z.iso.datetime({ offset: true }).describe('ISO 8601 instant');

/**
 * A period [from, to): the report's local day (or week) as UTC instants, so 23 or 25 hours on a
 * daylight-saving day. Counted by the instants alone; the services need not know the system timezone.
 */
export const ReportPeriod = z
  .object({ from: Instant, to: Instant })
  .refine((p) => Date.parse(p.from) < Date.parse(p.to), { path: ['to'], message: 'must be after from' })
  .refine((p) => Date.parse(p.to) - Date.parse(p.from) <= REPORT_PERIOD_MAX_HOURS * 3_600_000, {
    path: ['to'],
    message: `the period may span ${REPORT_PERIOD_MAX_HOURS} hours at most`,
  });
export type ReportPeriod = z.infer<typeof ReportPeriod>;

const Count = z.number().int().nonnegative();
const Cents = z.number().int().nonnegative().describe('integer cents');

/** The order service's figures of a period, and the orders pending now. */
export const OrderReportFigures = z.object({
  /** orders created in the period, cancelled ones included */
  orders_created: Count,
  /** the totals of the orders created in the period, cancelled ones excluded */
  revenue_cents: Cents,
  payments_recorded: Count,
  payments_cents: Cents,
  /** orders whose status is pending now */
  pending_orders: Count,
});
export type OrderReportFigures = z.infer<typeof OrderReportFigures>;

/** How many best dealers the weekly summary names. */
export const TOP_DEALERS_IN_REPORT = 5;

/** The dealers with the most revenue from orders created in the period (cancelled excluded), best first. */
export const TopDealersAnswer = z.object({
  dealers: z.array(
    z.object({
      dealer_id: z.string(),
      /** the business name (or contact name) the order service knows, null when it knows none */
      dealer_name: z.string().nullable(),
      orders: Count,
      revenue_cents: Cents,
    }),
  ),
});
export type TopDealersAnswer = z.infer<typeof TopDealersAnswer>;

/** The dealer service's figures of a period, and the applicants waiting now. */
export const DealerReportFigures = z.object({
  /** dealers that became active in the period: created active by an admin or an import, or approved */
  new_dealers: Count,
  /** applications received in the period (whatever became of them since) */
  applications: Count,
  /** applicants waiting for approval now */
  pending_applications: Count,
});
export type DealerReportFigures = z.infer<typeof DealerReportFigures>;

/** How many achievements the weekly summary lists (it says how many more there were). */
export const ACHIEVEMENTS_IN_REPORT = 20;

/** The incentive tiers dealers reached in the period, newest first (at most ACHIEVEMENTS_IN_REPORT), and how many in all. */
export const AchievementsReportAnswer = z.object({
  total: Count,
  achievements: z.array(
    z.object({
      dealer_id: z.string(),
      dealer_name: z.string().nullable(),
      program_name: z.string(),
      tier_name: z.string(),
      achieved_at: z.string().describe('ISO 8601 timestamp'),
    }),
  ),
});
export type AchievementsReportAnswer = z.infer<typeof AchievementsReportAnswer>;

const reportEndpoint = <R extends z.ZodType>(
  id: string,
  owner: 'order' | 'dealer' | 'incentive',
  path: string,
  summary: string,
  response: R,
) =>
  endpoint({
    id,
    method: 'POST',
    path,
    owner,
    access: access.roles('admin'),
    summary,
    body: ReportPeriod,
    response,
  });

export const reportEndpoints = {
  'internal.orderReport': reportEndpoint(
    'internal.orderReport',
    'order',
    '/internal/reports/orders',
    "A period's orders, revenue and payments, and the orders pending now (daily report)",
    OrderReportFigures,
  ),
  'internal.topDealers': reportEndpoint(
    'internal.topDealers',
    'order',
    '/internal/reports/top-dealers',
    `The ${TOP_DEALERS_IN_REPORT} dealers with the most revenue in a period (weekly performance summary)`,
    TopDealersAnswer,
  ),
  'internal.dealerReport': reportEndpoint(
    'internal.dealerReport',
    'dealer',
    '/internal/reports/dealers',
    "A period's new dealers and applications, and the applicants waiting now (daily report)",
    DealerReportFigures,
  ),
  'internal.achievementsReport': reportEndpoint(
    'internal.achievementsReport',
    'incentive',
    '/internal/reports/achievements',
    'The incentive tiers reached in a period (weekly performance summary)',
    AchievementsReportAnswer,
  ),
} as const;
