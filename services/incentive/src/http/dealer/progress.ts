import { succeeded } from '@portal/contracts';
import type { IncentiveHandler } from '../../context';
import { dealerProgramProgress } from '../../use-cases/progress';

/** GET /api/dealer/incentive-progress (beyond the spec) — the Programs cards of the dealer's Overview. */
export const incentiveProgress: IncentiveHandler<'dealer.incentiveProgress'> = async ({ user }, ctx) =>
  succeeded({ programs: await dealerProgramProgress(ctx, user) });
