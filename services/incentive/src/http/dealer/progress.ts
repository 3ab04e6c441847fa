import type { IncentiveHandler } from '../../context';
import { incentiveProgress as progressUseCase } from '../../use-cases/progress';

/** GET /api/dealer/incentive-progress (beyond the spec) — the Programs cards of the dealer's Overview. */
export const incentiveProgress: IncentiveHandler<'dealer.incentiveProgress'> = async ({ user }, ctx) => ({
  success: true as const,
  programs: await progressUseCase(ctx, user),
});
