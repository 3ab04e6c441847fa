import { DEALER_APPLICATION_RECEIVED } from '@portal/contracts';
import { clientAddress, reply } from '@portal/platform';
import type { DealerHandler } from '../../context';
import { applyToBecomeDealer } from '../../use-cases/dealer-application';

/** POST /api/public/dealer-application — 201 with the one answer every accepted form gets. */
export const dealerApplication: DealerHandler<'public.dealerApplication'> = async ({ body, req }, ctx) => {
  await applyToBecomeDealer(ctx, body, clientAddress(req));
  return reply(201, { success: true as const, detail: DEALER_APPLICATION_RECEIVED });
};
