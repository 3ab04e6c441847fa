import { succeeded } from '@portal/contracts';
import type { OrderHandler } from '../../context';
import { orderView } from '../../domain/order-view';
import { changeDealerTerms, readDealerTerms } from '../../use-cases/dealer-terms';
import { releaseOrderHold } from '../../use-cases/order-hold';

/** GET /api/admin/dealer-terms/{dealer_id} — the dealer's terms (the default when it has none) and credit limit. */
export const dealerTerms: OrderHandler<'admin.dealerTerms'> = async ({ params }, ctx) =>
  succeeded({ terms: await readDealerTerms(ctx, params.dealer_id) });

/** PUT /api/admin/dealer-terms/{dealer_id} */
export const updateDealerTerms: OrderHandler<'admin.updateDealerTerms'> = async ({ params, body }, ctx) =>
  succeeded({ message: 'Terms saved', terms: await changeDealerTerms(ctx, params.dealer_id, body) });

/** POST /api/admin/release-order-hold/{order_id} */
export const releaseOrderHoldRoute: OrderHandler<'admin.releaseOrderHold'> = async ({ params, body }, ctx) =>
  succeeded({
    message: 'The hold was released; the order can now be confirmed.',
    order: orderView(await releaseOrderHold(ctx, params.order_id, body)),
  });
