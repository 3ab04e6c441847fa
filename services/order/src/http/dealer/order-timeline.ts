import { succeeded } from '@portal/contracts';
import type { OrderHandler } from '../../context';
import { readOrderTimeline } from '../../use-cases/order-timeline';

/** GET /api/dealer/order-timeline/{order_id} — where the order is (admin, or the dealer of the order). */
export const orderTimelineRoute: OrderHandler<'dealer.orderTimeline'> = async ({ params, user }, ctx) =>
  succeeded({ timeline: await readOrderTimeline(ctx, user, params.order_id) });
