import { type SENT, sendBuiltJson } from '@portal/platform';
import type { Request, Response } from 'express';
import type { DealerContext, DealerHandler } from '../../context';
import type { ListStatus } from '../../data/dealer-lists';
import { dealerList } from '../../use-cases/dealer-lists';

/**
 * One query per list: PostgreSQL builds the whole JSON answer (dealers and, for the active list, the states
 * they are in), and it is written as is — no per-row work in Node, so 10,000 dealers stay fast. An unchanged
 * list is answered from the last build (and its gzip, made once, when the caller accepts gzip); its ETag lets
 * a client revalidate with a 304.
 */
async function sendDealers(
  ctx: DealerContext,
  req: Request,
  res: Response,
  status: ListStatus,
  withStates = false,
): Promise<typeof SENT> {
  return sendBuiltJson(req, res, await dealerList(ctx, status, withStates));
}

/** GET /api/admin/all-dealers-enhanced — active dealers, by state, with available_states. */
export const allDealersEnhanced: DealerHandler<'admin.allDealersEnhanced'> = ({ req, res }, ctx) =>
  sendDealers(ctx, req, res, 'active', true);

/** GET /api/admin/dealers-list — active dealers for pickers (archived ones never appear in new-order dropdowns). */
export const dealersList: DealerHandler<'admin.dealersList'> = ({ req, res }, ctx) =>
  sendDealers(ctx, req, res, 'active');

/** GET /api/admin/pending-dealers — applicants waiting for an admin, oldest first. */
export const pendingDealers: DealerHandler<'admin.pendingDealers'> = ({ req, res }, ctx) =>
  sendDealers(ctx, req, res, 'pending');

/** GET /api/admin/archived-dealers — newest archive first. */
export const archivedDealers: DealerHandler<'admin.archivedDealers'> = ({ req, res }, ctx) =>
  sendDealers(ctx, req, res, 'archived');
