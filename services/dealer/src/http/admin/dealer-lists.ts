import { succeeded } from '@portal/contracts';
import type { DealerHandler } from '../../context';
import { availableStates, type DealerListAnswer, dealerList } from '../../use-cases/dealer-lists';

/** The list under `dealers`, and when a page was asked for, its next cursor and the total. */
const reply = ({ dealers, page }: DealerListAnswer) => succeeded({ dealers, ...page });

/** GET /api/admin/all-dealers-enhanced — active dealers, by state, with the states all active dealers are in. */
export const allDealersEnhanced: DealerHandler<'admin.allDealersEnhanced'> = async ({ query }, ctx) => {
  const [list, states] = await Promise.all([dealerList(ctx, 'active', query), availableStates(ctx)]);
  return succeeded({ dealers: list.dealers, available_states: states, ...list.page });
};

/** GET /api/admin/dealers-list — active dealers for pickers (archived ones never appear in new-order dropdowns). */
export const dealersList: DealerHandler<'admin.dealersList'> = async ({ query }, ctx) =>
  reply(await dealerList(ctx, 'active', query));

/** GET /api/admin/pending-dealers — applicants waiting for an admin, oldest first. */
export const pendingDealers: DealerHandler<'admin.pendingDealers'> = async ({ query }, ctx) =>
  reply(await dealerList(ctx, 'pending', query));

/** GET /api/admin/archived-dealers — newest archive first. */
export const archivedDealers: DealerHandler<'admin.archivedDealers'> = async ({ query }, ctx) =>
  reply(await dealerList(ctx, 'archived', query));
