import { succeeded } from '@portal/contracts';
import type { IncentiveHandler } from '../../context';
import { bestPerformers, dealerPerformancePage } from '../../use-cases/performance';

/** GET /api/admin/top-performers?limit=4&metric=revenue|orders|items — the Best performers card. */
export const topPerformers: IncentiveHandler<'admin.topPerformers'> = async ({ query }, ctx) =>
  succeeded({ data: await bestPerformers(ctx, query.metric, query.limit) });

/**
 * GET /api/admin/dealer-performance — the Performance Data tab: every active dealer by revenue, or with `limit`
 * one page of the searched, filtered and sorted dealers (`next_cursor`, `total`).
 */
export const dealerPerformance: IncentiveHandler<'admin.dealerPerformance'> = async ({ query }, ctx) => {
  const { records, page } = await dealerPerformancePage(ctx, query);
  return succeeded({ data: records, ...page });
};
