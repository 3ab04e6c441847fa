import { sendBuiltJson } from '@portal/platform';
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
 * GET /api/admin/dealer-performance — the Performance Data tab: `{ success, data }` rendered by the database,
 * with an ETag (304 for an unchanged list) and gzip when the client accepts it.
 */
export const dealerPerformance: IncentiveHandler<'admin.dealerPerformance'> = async ({ req, res }, ctx) =>
  sendBuiltJson(req, res, await dealerPerformanceUseCase(ctx));
