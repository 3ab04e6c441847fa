import { SENT } from '@portal/platform';
import type { Response } from 'express';
import type { DealerContext, DealerHandler } from '../../context';
import { DEALER_JSON } from '../../data/dealer-json';

type Status = 'pending' | 'active' | 'archived';

const ORDER: Record<Status, string> = {
  active: 'd.state, d.business_name, d.dealer_id',
  pending: 'd.created_at, d.dealer_id',
  archived: 'd.archived_at DESC, d.dealer_id',
};

/**
 * One query per list: PostgreSQL builds the whole JSON answer (dealers and, for the active list, the
 * states they are in), and it is written as is — no per-row work in Node, so 10,000 dealers stay fast.
 */
async function sendDealers(
  ctx: DealerContext,
  res: Response,
  status: Status,
  withStates = false,
): Promise<typeof SENT> {
  const states = withStates
    ? `, 'available_states', coalesce(json_agg(DISTINCT d.state ORDER BY d.state) FILTER (WHERE d.state IS NOT NULL), '[]')`
    : '';
  const rows: { body: string }[] = await ctx.db.query(
    `SELECT json_build_object('success', true, 'dealers', coalesce(json_agg(${DEALER_JSON} ORDER BY ${ORDER[status]}), '[]')${states})::text AS body
     FROM dealers d WHERE d.status = $1`,
    [status],
  );
  res.type('application/json').send((rows[0] as { body: string }).body);
  return SENT;
}

/** GET /api/admin/all-dealers-enhanced — active dealers, by state, with available_states. */
export const allDealersEnhanced: DealerHandler<'admin.allDealersEnhanced'> = ({ res }, ctx) =>
  sendDealers(ctx, res, 'active', true);

/** GET /api/admin/dealers-list — active dealers for pickers (archived ones never appear in new-order dropdowns). */
export const dealersList: DealerHandler<'admin.dealersList'> = ({ res }, ctx) => sendDealers(ctx, res, 'active');

/** GET /api/admin/pending-dealers — applicants waiting for an admin, oldest first. */
export const pendingDealers: DealerHandler<'admin.pendingDealers'> = ({ res }, ctx) => sendDealers(ctx, res, 'pending');

/** GET /api/admin/archived-dealers — newest archive first. */
export const archivedDealers: DealerHandler<'admin.archivedDealers'> = ({ res }, ctx) =>
  sendDealers(ctx, res, 'archived');
