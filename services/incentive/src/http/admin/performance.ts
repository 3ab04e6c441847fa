import type { IncentiveHandler } from '../../context';
import {
  dealerPerformance as dealerPerformanceUseCase,
  topPerformers as topPerformersUseCase,
} from '../../use-cases/performance';

/** GET /api/admin/top-performers?limit=4&metric=revenue|orders|items — the Best performers card. */
export const topPerformers: IncentiveHandler<'admin.topPerformers'> = async ({ query }, ctx) => ({
  success: true as const,
  data: await topPerformersUseCase(ctx, query.metric, query.limit),
});

/**
 * GET /api/admin/dealer-performance — the Performance Data tab: every active dealer by revenue, or with `limit`
 * one page of the searched, filtered and sorted dealers (`next_cursor`, `total`).
 */
export const dealerPerformance: IncentiveHandler<'admin.dealerPerformance'> = async ({ query }, ctx) => {
  const { records, page } = await dealerPerformanceUseCase(ctx, query);
  return { success: true as const, data: records, ...page };
};
